/**
 * Hands the page's style nonce (a meta tag the server writes into each /admin response, see
 * src/server/plugins/web.ts) to the scroll lock of Radix's modal dialog, which reads it from
 * the `__webpack_nonce__` global (get-nonce) when it writes its `<style>` element.
 */
export function applyStyleNonce(): void {
  if (typeof document === 'undefined') return;
  const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
  if (nonce) (globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = nonce;
}
