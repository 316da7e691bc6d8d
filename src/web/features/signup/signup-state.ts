/**
 * The signup form's states (spec section 4): idle, loading, success, error. Pure, so the rules
 * are tested without a browser.
 */
import { INVALID_EMAIL_MESSAGE, isValidEmail } from '../../../contract/email-rules.ts';

export type SignupStatus = 'idle' | 'loading' | 'success' | 'error';

export interface SignupState {
  status: SignupStatus;
  email: string;
  /** Shown in the error state. */
  errorMessage: string;
  /** The error is about what was typed (the field is marked invalid), not the request. */
  invalidEmail: boolean;
  /** The server's confirmation, shown in the thank-you panel. */
  successMessage: string;
  /** The address that was signed up, named in the thank-you panel (the field is cleared). */
  signedUpEmail: string;
}

export type SignupAction =
  | { type: 'edit'; email: string }
  | { type: 'invalid' }
  | { type: 'submit' }
  | { type: 'succeed'; message: string; email: string }
  /** `invalidEmail`: the server refused the address itself (not the request). */
  | { type: 'fail'; message: string; invalidEmail?: boolean }
  | { type: 'reset' };

export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again.';

export const initialSignupState: SignupState = {
  status: 'idle',
  email: '',
  errorMessage: '',
  invalidEmail: false,
  successMessage: '',
  signedUpEmail: '',
};

export function signupReducer(state: SignupState, action: SignupAction): SignupState {
  switch (action.type) {
    case 'edit':
      // Typing after an error starts over; nothing changes while a request is under way.
      if (state.status === 'loading') return state;
      return {
        ...state,
        status: 'idle',
        email: action.email,
        errorMessage: '',
        invalidEmail: false,
      };
    case 'invalid':
      return { ...state, status: 'error', errorMessage: INVALID_EMAIL_MESSAGE, invalidEmail: true };
    case 'submit':
      return { ...state, status: 'loading', errorMessage: '', invalidEmail: false };
    case 'succeed':
      return {
        ...initialSignupState,
        status: 'success',
        successMessage: action.message,
        signedUpEmail: action.email,
      };
    case 'fail':
      return {
        ...state,
        status: 'error',
        errorMessage: action.message,
        invalidEmail: action.invalidEmail ?? false,
      };
    case 'reset':
      return initialSignupState;
  }
}

/** The address as it will be sent: surrounding spaces removed. */
export function cleanEmail(raw: string): string {
  return raw.trim();
}

/** The spec's rule (shared with the server through the contract). */
export function isSubmittableEmail(raw: string): boolean {
  return isValidEmail(cleanEmail(raw));
}

/** The submit button works only with something typed and no request under way. */
export function canSubmit(state: SignupState): boolean {
  return state.status !== 'loading' && cleanEmail(state.email) !== '';
}

/** Spec section 8: an Error's own text, or a generic sentence for anything else thrown. */
export function signupErrorMessage(error: unknown): string {
  return error instanceof Error && error.message.trim() ? error.message : GENERIC_ERROR_MESSAGE;
}
