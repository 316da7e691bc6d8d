import { hasControlCharacters } from './email-rules.ts';
import { z } from './zod.ts';

/**
 * Every API token starts with this, so a leaked one is recognisable (secret scanners, logs) and
 * the admin guard can tell it from a session token without a database lookup.
 */
export const API_TOKEN_PREFIX = 'rsk_';

/** `read` may only call GET and HEAD; `write` may call every admin route a session may. */
export const API_TOKEN_SCOPES = ['read', 'write'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

export const READ_ONLY_TOKEN_MESSAGE = 'This API token is read-only.';
export const SESSION_ONLY_MESSAGE =
  'API tokens cannot be used here; sign in to the dashboard to manage API tokens.';
export const API_TOKEN_NOT_FOUND_MESSAGE = 'API token not found';

export const API_TOKEN_NAME_MAX_LENGTH = 100;
export const API_TOKEN_MAX_DAYS = 3650;
const NAME_MESSAGE = `name must be 1 to ${API_TOKEN_NAME_MAX_LENGTH} characters`;
const DAYS_MESSAGE = `expiresInDays must be a whole number from 1 to ${API_TOKEN_MAX_DAYS}`;

export const apiTokenSchema = z
  .object({
    id: z.string(),
    name: z.string().meta({ description: 'What the token is for, as its creator named it' }),
    scope: z.enum(API_TOKEN_SCOPES),
    prefixHint: z
      .string()
      .meta({ description: 'The prefix and last four characters, to recognise the token by' }),
    createdBy: z.string().meta({ description: "The creating admin's address" }),
    createdAt: z.string().meta({ description: 'ISO 8601' }),
    lastUsedAt: z
      .string()
      .nullable()
      .meta({ description: 'ISO 8601, to the minute; null if never used' }),
    expiresAt: z.string().nullable().meta({ description: 'ISO 8601; null if it never expires' }),
    revokedAt: z.string().nullable().meta({ description: 'ISO 8601; null while it is in force' }),
  })
  .meta({ id: 'ApiToken' });
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenListSchema = z
  .object({ tokens: z.array(apiTokenSchema) })
  .meta({ id: 'ApiTokenList', description: 'Every token, newest first; never the token itself.' });
export type ApiTokenList = z.infer<typeof apiTokenListSchema>;

export const createApiTokenRequestSchema = z
  .object({
    name: z
      .string({ error: NAME_MESSAGE })
      .trim()
      .min(1, { error: NAME_MESSAGE })
      .max(API_TOKEN_NAME_MAX_LENGTH, { error: NAME_MESSAGE })
      .refine((value) => !hasControlCharacters(value), {
        error: 'name must not contain control characters',
      }),
    scope: z.enum(API_TOKEN_SCOPES, { error: 'scope must be read or write' }),
    expiresInDays: z
      .number({ error: DAYS_MESSAGE })
      .int({ error: DAYS_MESSAGE })
      .min(1, { error: DAYS_MESSAGE })
      .max(API_TOKEN_MAX_DAYS, { error: DAYS_MESSAGE })
      .optional()
      .meta({ description: 'Days until the token stops working; none: it works until revoked' }),
  })
  .meta({ id: 'CreateApiTokenRequest' });
export type CreateApiTokenRequest = z.input<typeof createApiTokenRequestSchema>;

export const createdApiTokenSchema = z
  .object({
    token: z.string().meta({
      description: 'The token to send as `Authorization: Bearer`. Shown this once, never again.',
    }),
    apiToken: apiTokenSchema,
  })
  .meta({ id: 'CreatedApiToken' });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

const ID_MESSAGE = 'id must be a token id from GET /api/admin/tokens';
export const apiTokenParamsSchema = z.object({
  id: z
    .string()
    .max(64, { error: ID_MESSAGE })
    // PostgreSQL refuses NUL in any text; no id holds a control character.
    .refine((value) => !hasControlCharacters(value), { error: ID_MESSAGE }),
});
