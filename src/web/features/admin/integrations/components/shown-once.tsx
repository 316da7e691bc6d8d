/** A secret the server shows once (an API token, a webhook signing secret), with Copy. */
import { useEffect, useId, useRef, useState } from 'react';
import { secondaryButton } from '../../shared/components/panel-styles.ts';

export function ShownOnce({
  message,
  label,
  value,
  onDone,
}: {
  /** What was made, and that it will not be shown again. */
  message: string;
  /** The field's accessible name. */
  label: string;
  value: string;
  onDone: () => void;
}) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const valueId = useId();
  const warningId = useId();
  const input = useRef<HTMLInputElement>(null);
  // Focus goes to the value, so a screen reader reads it with the warning that describes it.
  useEffect(() => input.current?.focus(), [value]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  return (
    <div className="mt-4 rounded-lg border border-gold-400/60 bg-ink-950 p-3 text-sm text-ink-100">
      <p id={warningId} className="font-semibold">
        {message}
      </p>
      <label htmlFor={valueId} className="sr-only">
        {label}
      </label>
      <input
        id={valueId}
        ref={input}
        aria-describedby={warningId}
        readOnly
        value={value}
        onFocus={(event) => event.target.select()}
        className="mt-2 w-full rounded-lg border border-ink-600 bg-ink-900 px-3 py-2 font-mono text-xs text-ink-100"
      />
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <button type="button" className={secondaryButton} onClick={() => void copy()}>
          Copy
        </button>
        <button type="button" className={secondaryButton} onClick={onDone}>
          Done
        </button>
        {copied === null ? null : (
          <span className="text-ink-300">
            {copied ? 'Copied.' : 'Could not copy; select it and copy it.'}
          </span>
        )}
      </div>
    </div>
  );
}
