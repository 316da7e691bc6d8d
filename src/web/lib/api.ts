/**
 * Where the API lives. Same origin by default; a build can point the site at another host with
 * VITE_API_BASE (the paths below it stay the spec's).
 */
export const API_BASE = (import.meta.env.VITE_API_BASE ?? '/api').replace(/\/$/, '');

export function apiUrl(path: string): string {
  return `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
}

/** The JSON body of an answer, or undefined when it has none or it is not JSON. */
export async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/** A string field of a JSON body; '' when the body or the field is anything else. */
export function textField(json: unknown, name: string): string {
  if (typeof json !== 'object' || json === null) return '';
  const value = (json as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : '';
}
