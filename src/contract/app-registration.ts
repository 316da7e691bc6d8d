import { z } from './zod.ts';

export const registrationResponseSchema = z
  .object({
    uid: z.string(),
    email: z.string(),
    registeredAt: z.string().meta({ description: 'ISO 8601, the first registration' }),
  })
  .meta({ id: 'Registration' });
export type Registration = z.infer<typeof registrationResponseSchema>;

export const NOT_WHITELISTED_MESSAGE = 'This address is not on the early-access list yet.';
