/**
 * The one way the dashboard talks to the admin API: same-origin JSON with the session cookie
 * (docs/decisions/0009-admin-sign-in.md: JavaScript never holds a credential). A non-OK answer
 * becomes an AdminApiError with the server's `message`, or the spec's fallback text when the
 * body has none (spec section 8).
 */
import { apiUrl, readJson, textField } from '../../../../lib/api.ts';
import { trackApiCall } from '../../../../lib/analytics/analytics.ts';

export class AdminApiError extends Error {
  /** HTTP status, or 0 when no answer arrived. */
  readonly status: number;
  /** The parsed body of the answer, when it was JSON. */
  readonly body: unknown;

  constructor(message: string, status: number, body?: unknown) {
    super(message);
    this.name = 'AdminApiError';
    this.status = status;
    this.body = body;
  }
}

export interface AdminRequestInit {
  method?: 'GET' | 'POST' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is, instead of a JSON body (a CSV file, say). */
  text?: { body: string; contentType: string };
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
  /** The text shown when the answer has no `message` of its own. */
  fallbackMessage: string;
  /** Analytics label of the call (an `api_call` event). */
  label: string;
}

export function queryString(query: AdminRequestInit['query'] = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    // Spec section 7: each query parameter is sent only when it is non-empty.
    if (value !== undefined && String(value) !== '') params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Resolves with the parsed JSON body of a 2xx answer; throws AdminApiError otherwise. */
export async function adminRequest<T>(path: string, init: AdminRequestInit): Promise<T> {
  const started = performance.now();
  let response: Response;
  try {
    response = await fetch(apiUrl(path) + queryString(init.query), {
      method: init.method ?? 'GET',
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(init.text
          ? { 'Content-Type': init.text.contentType }
          : init.body === undefined
            ? {}
            : { 'Content-Type': 'application/json' }),
      },
      body: init.text
        ? init.text.body
        : init.body === undefined
          ? undefined
          : JSON.stringify(init.body),
      signal: init.signal,
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    trackApiCall(init.label, Math.round(performance.now() - started), 0);
    throw new AdminApiError(init.fallbackMessage, 0);
  }
  trackApiCall(init.label, Math.round(performance.now() - started), response.status);
  const body = response.status === 204 ? undefined : await readJson(response);
  if (!response.ok) {
    throw new AdminApiError(
      textField(body, 'message') || init.fallbackMessage,
      response.status,
      body,
    );
  }
  return body as T;
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
