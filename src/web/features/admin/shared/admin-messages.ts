/** Texts the dashboard shows (spec sections 2, 4 and 8), kept apart from the zod contract. */
export const ACCESS_DENIED_MESSAGE =
  'Access denied. You are not authorized to access the admin panel.';
export const POPUP_BLOCKED_MESSAGE =
  'The sign-in window was blocked. Allow pop-ups for this site and try again.';
export const POPUP_CLOSED_MESSAGE = 'The sign-in window was closed before sign-in finished.';
export const SIGN_IN_FAILED_MESSAGE = 'Sign-in failed. Please try again.';
export const SESSION_EXPIRED_MESSAGE = 'Your session has ended. Please sign in again.';
