import { INVALID_EMAIL_MESSAGE, isMailbox, isValidEmail, normaliseEmail } from './email-rules.ts';
import { z } from './zod.ts';

export const emailSchema = z
  .string({ error: INVALID_EMAIL_MESSAGE })
  .max(1024, { error: INVALID_EMAIL_MESSAGE })
  .transform((value) => normaliseEmail(value))
  .refine(isMailbox, { error: INVALID_EMAIL_MESSAGE })
  .meta({
    description:
      'One email address (`local@domain`: no lists, display names, quoted parts, comments or ' +
      'invisible characters); trimmed, composed (NFC) and lower-cased by the server.',
    example: 'viewer@example.com',
    format: 'email',
  });

/**
 * An address as it may be stored: the spec's shape without control characters. Only where an
 * admin finds or erases what is held (text stored before every way in asked for one mailbox
 * must still be reachable); never where anything is stored or mailed.
 */
export const storedAddressSchema = z
  .string({ error: INVALID_EMAIL_MESSAGE })
  .max(1024, { error: INVALID_EMAIL_MESSAGE })
  .transform((value) => normaliseEmail(value))
  .refine(isValidEmail, { error: INVALID_EMAIL_MESSAGE })
  .meta({
    description:
      'An address as stored, including text kept from before addresses were checked as one ' +
      'mailbox; trimmed, composed (NFC) and lower-cased by the server.',
    example: 'viewer@example.com',
  });
