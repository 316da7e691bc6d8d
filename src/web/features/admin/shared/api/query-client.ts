/**
 * The dashboard's server state lives in TanStack Query (DESIGN.md). It is imported by the admin
 * route's chunk only, so public pages never download it.
 *
 * - No automatic retries: the spec shows a failed call's message at once, and a refused call
 *   (4xx) would only fail again; the lists offer a Retry button instead.
 * - Answers are stale at once: a list shown again (another tab, a window brought back) is
 *   asked for again while its last rows stay on screen.
 */
import { QueryClient } from '@tanstack/react-query';

export function createAdminQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 0 },
      mutations: { retry: false },
    },
  });
}
