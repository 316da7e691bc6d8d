import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { healthResponseSchema } from '../../../contract/health.ts';
import { isHealthResponse } from './get-health.ts';

const report = {
  status: 'ok',
  timestamp: '2026-11-22T02:00:00.000Z',
  version: '0.1.0',
  service: 'reelscore-web',
  checks: { database: 'ok' },
};

describe('isHealthResponse', () => {
  it('accepts the reports the service sends, healthy or degraded', () => {
    expect(isHealthResponse(report)).toBe(true);
    expect(isHealthResponse({ ...report, status: 'degraded', checks: { database: 'error' } })).toBe(
      true,
    );
  });

  it('refuses what is not a report', () => {
    for (const value of [null, 'ok', [], {}, { ...report, checks: null }]) {
      expect(isHealthResponse(value)).toBe(false);
    }
    expect(isHealthResponse({ ...report, status: 'fine' })).toBe(false);
    expect(isHealthResponse({ ...report, checks: { database: 'down' } })).toBe(false);
  });

  it('agrees with the contract schema on generated values', () => {
    const field = fc.oneof(
      fc.constantFrom('ok', 'degraded', 'error', ''),
      fc.string(),
      fc.integer(),
      fc.constant(null),
    );
    const candidate = fc.record(
      {
        status: field,
        timestamp: field,
        version: field,
        service: field,
        checks: fc.oneof(fc.record({ database: field }), field),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(candidate, (value) => {
        expect(isHealthResponse(value)).toBe(healthResponseSchema.safeParse(value).success);
      }),
      { numRuns: 2000 },
    );
  });
});
