/** GET /api/admin/person: one address at a glance, for the dashboard's person panel. */
import { z } from 'zod';
import { storedAddressSchema } from './email.ts';

export const personQuerySchema = z.object({ email: storedAddressSchema });

/** Where a mail to the address stands (the outbox's states, as the dashboard words them). */
export const personMailStatusSchema = z.enum(['waiting', 'sent', 'failed', 'not sent']);

export const personSchema = z
  .object({
    email: z.string(),
    signup: z
      .object({
        program: z.string(),
        source: z.string(),
        signedUpAt: z.string(),
        /** The latest signup attempt (the first, when there was only one). */
        lastSignupAt: z.string(),
        /** Signup attempts, the first included. */
        attempts: z.number().int(),
        confirmedAt: z.string().nullable(),
      })
      .nullable()
      .meta({ description: 'null: the address never signed up (whitelisted or registered only)' }),
    whitelist: z
      .object({ addedAt: z.string(), addedBy: z.string() })
      .nullable()
      .meta({ description: 'null: not on the whitelist' }),
    line: z
      .object({
        place: z.number().int().nullable().meta({ description: 'null: not waiting in line' }),
        waiting: z.number().int().nullable().meta({ description: 'People waiting in all' }),
        boost: z.number().int().meta({ description: 'Places credited referrals moved them' }),
        products: z.array(z.string()).meta({ description: 'Products they want first' }),
        referrals: z
          .object({
            pending: z.number().int(),
            credited: z.number().int(),
            held: z.number().int(),
            rejected: z.number().int(),
          })
          .meta({ description: 'What their referral link brought, as counts' }),
        referredBy: z
          .object({ email: z.string(), status: z.string() })
          .nullable()
          .meta({ description: 'The person whose link they came by, and that referral’s state' }),
      })
      .nullable()
      .meta({ description: 'Place in line and referrals; null: the address never signed up' }),
    registration: z
      .object({ registeredAt: z.string() })
      .nullable()
      .meta({ description: 'null: not registered in the app' }),
    unsubscribedAt: z.string().nullable(),
    /** Stored by an older version as text that is not one mailbox: shown, never mailed. */
    notOneMailbox: z.boolean(),
    mails: z
      .array(
        z.object({
          id: z.string(),
          template: z.string(),
          status: personMailStatusSchema,
          queuedAt: z.string(),
          finishedAt: z.string().nullable(),
          failure: z.string().nullable(),
          /** The invite wave that queued it, if one did. */
          waveId: z.string().nullable(),
        }),
      )
      .meta({ description: 'Every mail to the address, newest first (at most 50)' }),
    audit: z
      .array(z.object({ at: z.string(), action: z.string(), actor: z.string() }))
      .meta({ description: 'What was done to the address, newest first (at most 50)' }),
  })
  .meta({ id: 'Person' });

export type Person = z.infer<typeof personSchema>;
