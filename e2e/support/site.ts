/** Every public page the browser tests visit, and one unknown path. */
export const PUBLIC_PAGES = [
  '/',
  '/pricing',
  '/about',
  '/signup',
  '/get-app',
  '/get-extension',
  '/health',
  '/privacy',
  '/terms',
  '/no-such-page',
];
