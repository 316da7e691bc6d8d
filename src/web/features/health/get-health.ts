import { useEffect, useState } from 'react';
import type { HealthResponse } from '../../../contract/health.ts';
import { apiUrl, readJson } from '../../lib/api.ts';

/** The dashboard checks again this long after the previous check finished (spec section 9). */
export const HEALTH_REFRESH_INTERVAL_MS = 30_000;

/** A check that hangs longer than this counts as a failure, so the next one can start. */
export const HEALTH_REQUEST_TIMEOUT_MS = 10_000;

export interface HealthCheckResult {
  /** The API answered 200 with a report that says `ok` (spec: non-OK or no answer = unhealthy). */
  healthy: boolean;
  /** The service's own report, also sent with a 503; null when none arrived. */
  report: HealthResponse | null;
  checkedAt: Date;
}

export type HealthState = { phase: 'checking' } | ({ phase: 'checked' } & HealthCheckResult);

/** GET /health. Never throws: a network failure, a time-out or a non-OK status is a result. */
export async function getHealth(signal?: AbortSignal): Promise<HealthCheckResult> {
  const timeout = AbortSignal.timeout(HEALTH_REQUEST_TIMEOUT_MS);
  try {
    const response = await fetch(apiUrl('/health'), {
      headers: { accept: 'application/json' },
      cache: 'no-store',
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    const report = await readReport(response);
    return {
      healthy: response.ok && report?.status === 'ok',
      report,
      checkedAt: new Date(),
    };
  } catch {
    return { healthy: false, report: null, checkedAt: new Date() };
  }
}

async function readReport(response: Response): Promise<HealthResponse | null> {
  const body = await readJson(response);
  return isHealthResponse(body) ? body : null;
}

/**
 * The contract's shape, checked by hand rather than with its zod schema: zod would be most of
 * this page's JavaScript. The contract tests keep the two in step.
 */
export function isHealthResponse(value: unknown): value is HealthResponse {
  if (typeof value !== 'object' || value === null) return false;
  const report = value as Record<string, unknown>;
  const checks = report.checks as Record<string, unknown> | null | undefined;
  return (
    (report.status === 'ok' || report.status === 'degraded') &&
    typeof report.timestamp === 'string' &&
    typeof report.version === 'string' &&
    typeof report.service === 'string' &&
    typeof checks === 'object' &&
    checks !== null &&
    (checks.database === 'ok' || checks.database === 'error')
  );
}

/**
 * Checks the API on mount, then again `intervalMs` after each check finishes, so requests never
 * overlap. While the tab is hidden it stops; when the tab shows again it checks at once if a
 * check is due.
 */
export function useHealth(intervalMs = HEALTH_REFRESH_INTERVAL_MS): HealthState {
  const [state, setState] = useState<HealthState>({ phase: 'checking' });

  useEffect(() => {
    const controller = new AbortController();
    let timer: number | undefined;
    let inFlight = false;
    let lastFinished = 0;

    const schedule = (delay: number) => {
      window.clearTimeout(timer);
      if (!document.hidden) timer = window.setTimeout(() => void check(), delay);
    };

    const check = async () => {
      if (inFlight) return;
      inFlight = true;
      const result = await getHealth(controller.signal);
      inFlight = false;
      if (controller.signal.aborted) return;
      lastFinished = performance.now();
      setState({ phase: 'checked', ...result });
      schedule(intervalMs);
    };

    const onVisibilityChange = () => {
      if (document.hidden) window.clearTimeout(timer);
      else if (!inFlight) schedule(Math.max(0, lastFinished + intervalMs - performance.now()));
    };

    void check();
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, [intervalMs]);

  return state;
}
