/**
 * Error tracking: errors the visitor met are recorded as analytics `exception` events (sent
 * only with consent, like every event). Never throws, never shows anything.
 */
import { trackException } from './analytics/analytics.ts';

/** GA4 cuts parameter values at 100 characters. */
const MAX_LABEL_LENGTH = 100;

/** A short, PII-free description of a thrown value: where it happened and what it said. */
export function errorLabel(error: unknown, context: string): string {
  const detail =
    error instanceof Error ? error.message || error.name : typeof error === 'string' ? error : '';
  const label = detail ? `${context}: ${detail}` : context;
  return label.length > MAX_LABEL_LENGTH ? `${label.slice(0, MAX_LABEL_LENGTH - 1)}…` : label;
}

/**
 * Records an error. `context` names where it happened (e.g. 'email_signup'); `errorType`
 * classifies it (spec default: 'javascript_error').
 */
export function reportError(error: unknown, context: string, errorType?: string): void {
  try {
    trackException(errorLabel(error, context), errorType);
  } catch (trackingError) {
    console.warn('Error tracking failed.', trackingError);
  }
}
