/** Buttons of the dashboard's settings panels (API tokens, webhooks). */
export const primaryButton =
  'rounded-full bg-gold-400 px-4 py-2 text-sm font-semibold text-ink-950 transition hover:bg-gold-300 disabled:cursor-not-allowed disabled:opacity-50';
export const secondaryButton =
  'rounded-full border border-ink-600 px-4 py-2 text-sm font-medium text-ink-100 transition hover:border-gold-400 disabled:cursor-not-allowed disabled:opacity-50';
export const dangerButton =
  'rounded-full border border-red-400/70 px-3 py-1 text-xs font-semibold text-red-200 transition hover:bg-red-950 disabled:cursor-not-allowed disabled:opacity-50';
export const panelClass = 'mt-10 rounded-2xl border border-ink-700 bg-ink-900 p-4 sm:p-6';
export const panelErrorClass =
  'mt-4 rounded-lg border border-red-500/60 bg-red-950/60 p-3 text-sm break-words text-red-100';
export const inputClass =
  'mt-1 w-full rounded-lg border border-ink-600 bg-ink-950 px-3 py-2.5 text-ink-100 placeholder:text-ink-400';
