import { hasControlCharacters } from './email-rules.ts';
import { emailSchema } from './email.ts';
import { z } from './zod.ts';

/** Page sizes the dashboard uses (spec section 9); also the server's defaults. */
export const SIGNUPS_PAGE_SIZE = 10;
export const USERS_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;
export const MAX_SEARCH_LENGTH = 254;

/** Confirmation states a list can be narrowed to (double opt-in); no value: every row. */
export const CONFIRMATION_FILTERS = ['pending', 'confirmed'] as const;
export type ConfirmationFilter = (typeof CONFIRMATION_FILTERS)[number];
const CONFIRMATION_FILTER_MESSAGE = 'confirmation must be pending or confirmed';

function listQuerySchema(defaultLimit: number) {
  return z.object({
    search: z
      .string({ error: 'search must be a single text value' })
      .max(MAX_SEARCH_LENGTH, { error: `Search must be at most ${MAX_SEARCH_LENGTH} characters` })
      // No stored address holds a control character, and PostgreSQL refuses NUL in any text.
      .refine((value) => !hasControlCharacters(value), {
        error: 'Search must not contain control characters',
      })
      .optional()
      .meta({
        description:
          'Case-insensitive part of an email address (surrounding spaces ignored); ' +
          '%, _ and \\ match themselves; control characters are refused.',
      }),
    limit: z.coerce
      .number({ error: 'limit must be a whole number from 1 to 100' })
      .int({ error: 'limit must be a whole number from 1 to 100' })
      .min(1, { error: 'limit must be a whole number from 1 to 100' })
      .max(MAX_PAGE_SIZE, { error: 'limit must be a whole number from 1 to 100' })
      .default(defaultLimit),
    offset: z.coerce
      .number({ error: 'offset must be a whole number, 0 or more' })
      .int({ error: 'offset must be a whole number, 0 or more' })
      .min(0, { error: 'offset must be a whole number, 0 or more' })
      .max(Number.MAX_SAFE_INTEGER, { error: 'offset must be a whole number, 0 or more' })
      .default(0),
    confirmation: z
      .enum(CONFIRMATION_FILTERS, { error: CONFIRMATION_FILTER_MESSAGE })
      .optional()
      .meta({
        description:
          'Only signups the person confirmed from the confirmation mail (`confirmed`) or not ' +
          'yet (`pending`); combines with `search`. An address with no signup has neither.',
      }),
  });
}

export const signupsQuerySchema = listQuerySchema(SIGNUPS_PAGE_SIZE);
export const usersQuerySchema = listQuerySchema(USERS_PAGE_SIZE);
export type ListQuery = z.infer<typeof signupsQuerySchema>;

export const paginationSchema = z
  .object({ total: z.number().int(), limit: z.number().int(), offset: z.number().int() })
  .meta({ id: 'Pagination' });
export type Pagination = z.infer<typeof paginationSchema>;

export const signupRecordSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    type: z.string().meta({ description: 'Programme: CLOSED_ALPHA, BETA, OPEN_BETA or other' }),
    source: z.string().meta({ description: 'The form the signup came from' }),
    createdAt: z.string().meta({ description: 'ISO 8601' }),
    registeredAt: z.string().optional().meta({ description: 'ISO 8601, when the app registered' }),
    isWhitelisted: z.boolean(),
    lastSignupAt: z
      .string()
      .optional()
      .meta({ description: 'ISO 8601, the latest time the address used a signup form' }),
    signupCount: z
      .number()
      .int()
      .optional()
      .meta({ description: 'How many times the address used a signup form, the first included' }),
    confirmedAt: z
      .string()
      .optional()
      .meta({
        description:
          'ISO 8601, when the person confirmed the address from the confirmation mail; absent: ' +
          'not confirmed yet',
      }),
  })
  .meta({ id: 'SignupRecord' });
export type SignupRecord = z.infer<typeof signupRecordSchema>;

export const signupsResponseSchema = z
  .object({ signups: z.array(signupRecordSchema), pagination: paginationSchema })
  .meta({ id: 'SignupsResponse' });
export type SignupsResponse = z.infer<typeof signupsResponseSchema>;

export const userRecordSchema = z
  .object({
    uid: z.string().meta({
      description:
        'The app account id once the address registered; until then `addr_` followed by ' +
        'the first 32 hex digits of the SHA-256 of the lower-cased address (stable, and ' +
        'does not show the address).',
    }),
    email: z.string(),
    isWhitelisted: z.boolean(),
    signupDate: z.string().optional(),
    registrationDate: z.string().optional(),
    confirmedAt: z
      .string()
      .optional()
      .meta({
        description:
          'ISO 8601, when the person confirmed their signup from the confirmation mail; absent: ' +
          'not confirmed yet, or no signup (then `signupDate` is absent too)',
      }),
  })
  .meta({ id: 'UserRecord' });
export type UserRecord = z.infer<typeof userRecordSchema>;

export const usersResponseSchema = z
  .object({ users: z.array(userRecordSchema), pagination: paginationSchema })
  .meta({ id: 'UsersResponse' });
export type UsersResponse = z.infer<typeof usersResponseSchema>;

export const whitelistRequestSchema = z
  .object({ email: emailSchema }, { error: 'The request body must be a JSON object' })
  .meta({ id: 'WhitelistRequest' });

export const whitelistResponseSchema = z
  .object({ success: z.literal(true), email: z.string(), isWhitelisted: z.boolean() })
  .meta({ id: 'WhitelistResponse' });
export type WhitelistResponse = z.infer<typeof whitelistResponseSchema>;

/** The signed-in admin as the dashboard sees it (spec section 3, 'Admin user'). */
export const adminUserSchema = z
  .object({
    uid: z.string(),
    email: z.string(),
    displayName: z.string(),
    photoURL: z.string().nullable(),
    isAdmin: z.literal(true),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof adminUserSchema>;

export const ACCESS_DENIED_MESSAGE =
  'Access denied. You are not authorized to access the admin panel.';
export const AUTHENTICATION_REQUIRED_MESSAGE = 'Please sign in to continue.';
