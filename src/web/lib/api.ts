/**
 * Where the API lives. Same origin by default; a build can point the site at another host with
 * VITE_API_BASE (the paths below it stay the spec's).
 */
export const API_BASE = (import.meta.env.VITE_API_BASE ?? '/api').replace(/\/$/, '');

export function apiUrl(path: string): string {
  return `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
}
