import { INVALID_EMAIL_MESSAGE, isValidEmail, normaliseEmail } from './email-rules.ts';
import { z } from './zod.ts';

export const emailSchema = z
  .string({ error: INVALID_EMAIL_MESSAGE })
  .max(1024, { error: INVALID_EMAIL_MESSAGE })
  .transform((value) => normaliseEmail(value))
  .refine(isValidEmail, { error: INVALID_EMAIL_MESSAGE })
  .meta({
    description: 'An email address; trimmed and lower-cased by the server.',
    example: 'viewer@example.com',
    format: 'email',
  });
