import { emailSchema, storedAddressSchema } from './email.ts';
import { z } from './zod.ts';

/** How a mail to the address ended, in words a person reads. */
export const mailOutcomeSchema = z.enum(['sent', 'waiting', 'failed', 'not sent']);

/**
 * Everything held about one address (GDPR art. 15), as the person gets it by mail and an admin
 * downloads it. Only this address's data: who else acted on it is named by role, never by
 * address, and the mail log carries no links or tokens.
 */
export const personalDataSchema = z
  .object({
    address: z.string(),
    exportedAt: z.string().meta({ description: 'ISO 8601' }),
    signups: z.array(
      z.object({
        program: z.string(),
        source: z.string().meta({ description: 'The form the first signup came from' }),
        signedUpAt: z.string().meta({ description: 'ISO 8601, the first signup' }),
        lastSignupAt: z.string().nullable().meta({ description: 'ISO 8601, the latest signup' }),
        signupCount: z.number().int(),
        confirmedAt: z
          .string()
          .nullable()
          .meta({ description: 'ISO 8601, when the address was confirmed from the mail' }),
      }),
    ),
    line: z
      .object({
        ticket: z
          .number()
          .int()
          .nullable()
          .meta({ description: 'The place the address took in the original line, by signup time' }),
        place: z
          .number()
          .int()
          .nullable()
          .meta({ description: 'Its place among the people waiting now; null when not waiting' }),
        waiting: z.number().int().nullable().meta({ description: 'How many people wait now' }),
        placesGained: z
          .number()
          .int()
          .meta({ description: 'Places credited referrals moved the person forward' }),
        wantsFirst: z.array(z.string()).meta({ description: 'The products wanted first' }),
        referralCode: z.string().nullable().meta({ description: 'The code of their link' }),
        referrals: z
          .object({
            waitingToConfirm: z.number().int(),
            credited: z.number().int(),
            heldForReview: z.number().int(),
            rejected: z.number().int(),
          })
          .meta({ description: 'Friends who joined through the link, counted (never named)' }),
        movedUpMail: z.boolean().meta({ description: 'Whether the weekly moved-up mail is on' }),
        lastMovedUpMailAt: z.string().nullable(),
        networkSeenAt: z
          .string()
          .nullable()
          .meta({
            description:
              'When a keyed hash of the network (/24, /64) was last kept for the referral checks; ' +
              'cleared after 30 days',
          }),
      })
      .nullable()
      .meta({ description: 'The place in line and referrals, once the address signed up' }),
    whitelist: z
      .object({ addedAt: z.string().meta({ description: 'ISO 8601' }) })
      .nullable()
      .meta({ description: 'The early-access entry, if any' }),
    appRegistration: z
      .object({ accountId: z.string(), registeredAt: z.string() })
      .nullable()
      .meta({ description: 'The app account, once the address registered' }),
    marketingMail: z.object({
      unsubscribed: z.boolean(),
      unsubscribedAt: z.string().nullable(),
    }),
    mails: z
      .array(
        z.object({
          template: z.string(),
          subject: z.string(),
          status: mailOutcomeSchema,
          queuedAt: z.string(),
          finishedAt: z.string().nullable(),
          attempts: z.number().int(),
          failure: z.string().nullable(),
        }),
      )
      .meta({ description: 'Every mail to the address, oldest first' }),
    auditLog: z
      .array(z.object({ at: z.string(), action: z.string(), by: z.string() }))
      .meta({ description: 'Recorded actions that name the address' }),
  })
  .meta({ id: 'PersonalData' });
export type PersonalData = z.infer<typeof personalDataSchema>;

export const privacyRequestSchema = z
  .object({ email: emailSchema }, { error: 'The request body must be a JSON object' })
  .meta({ id: 'PrivacyRequest' });

export const personalDataQuerySchema = z.object({ email: storedAddressSchema });

/** Erasure reaches every stored address, one mailbox or not (it mails nothing that is not one). */
export const erasureRequestSchema = z
  .object({ email: storedAddressSchema }, { error: 'The request body must be a JSON object' })
  .meta({ id: 'ErasureRequest' });

export const dataExportResponseSchema = z
  .object({
    success: z.literal(true),
    email: z.string(),
    queued: z.boolean().meta({
      description: 'false: a copy for this address was already queued within the hour',
    }),
    message: z.string(),
  })
  .meta({ id: 'DataExportResponse' });
export type DataExportResponse = z.infer<typeof dataExportResponseSchema>;

/** What an erasure removed, by kind; the audit entries keep the hash instead of the address. */
export const erasedCountsSchema = z.object({
  signups: z.number().int(),
  whitelist: z.number().int(),
  appRegistrations: z.number().int(),
  unsubscribes: z.number().int(),
  mails: z.number().int(),
  auditEntries: z.number().int(),
});
export type ErasedCounts = z.infer<typeof erasedCountsSchema>;

export const erasureResponseSchema = z
  .object({
    success: z.literal(true),
    email: z.string(),
    removed: erasedCountsSchema,
    message: z.string(),
  })
  .meta({ id: 'ErasureResponse' });
export type ErasureResponse = z.infer<typeof erasureResponseSchema>;

/** What the public data-request routes answer a script (a browser gets a page). */
export const dataRequestAnswerSchema = z
  .object({ success: z.literal(true), message: z.string() })
  .meta({ id: 'DataRequestAnswer' });
