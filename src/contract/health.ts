import { z } from './zod.ts';

export const HEALTH_CHECK_STATES = ['ok', 'error'] as const;

export const healthResponseSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    timestamp: z.string().meta({ description: 'ISO 8601 time of the check' }),
    version: z.string(),
    service: z.string(),
    checks: z.object({
      database: z.enum(HEALTH_CHECK_STATES),
    }),
  })
  .meta({ id: 'HealthResponse' });
export type HealthResponse = z.infer<typeof healthResponseSchema>;
