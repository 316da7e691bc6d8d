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

/**
 * Sort keys of the lists; `activity` (the users list's default) exists on that list only. Both
 * lists sort by credited referrals (`referrals`: the people who brought friends, most first).
 */
export const LIST_SORTS = ['created', 'email'] as const;
export const USER_LIST_SORTS = ['activity', ...LIST_SORTS, 'referrals'] as const;
/** The signups list also sorts by place in line (the people waiting, in the line's order). */
export const SIGNUP_LIST_SORTS = [...LIST_SORTS, 'place', 'referrals'] as const;
export type ListSort = (typeof USER_LIST_SORTS)[number] | 'place';
/** Products a person can say they want first (contract/place.ts, kept free of zod there). */
export const LIST_PRODUCTS = ['ios', 'android', 'chrome', 'firefox'] as const;
export type ListProduct = (typeof LIST_PRODUCTS)[number];
export const LIST_ORDERS = ['asc', 'desc'] as const;
export type ListOrder = (typeof LIST_ORDERS)[number];
export const BOOLEAN_FILTERS = ['true', 'false'] as const;
export type BooleanFilter = (typeof BOOLEAN_FILTERS)[number];

/** Programme types and signup forms are short names: letters, digits, `_`, `-` and `.`. */
export const FILTER_NAME_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day `YYYY-MM-DD` that exists (no 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function booleanFilter(name: string, description: string) {
  return z
    .enum(BOOLEAN_FILTERS, { error: `${name} must be true or false` })
    .optional()
    .meta({ description });
}

function nameFilter(name: string, description: string) {
  return z
    .string({ error: `${name} must be a single text value` })
    .regex(FILTER_NAME_PATTERN, {
      error: `${name} must be 1 to 64 letters, digits, _, - or .`,
    })
    .optional()
    .meta({ description });
}

function dayFilter(name: 'from' | 'to', description: string) {
  return z
    .string({ error: `${name} must be a date written YYYY-MM-DD` })
    .refine(isCalendarDate, { error: `${name} must be a date written YYYY-MM-DD` })
    .optional()
    .meta({ description, format: 'date', example: '2026-01-31' });
}

/**
 * The filters both lists (and their CSV exports, and every "all matching" selection) take; they
 * combine with each other and with `search` and `confirmation` (all must hold).
 */
function listFilterFields<const S extends readonly [string, ...string[]]>(
  sorts: S,
  defaultSortText: string,
) {
  return {
    whitelisted: booleanFilter(
      'whitelisted',
      'Only addresses on the whitelist (`true`) or not on it (`false`).',
    ),
    registered: booleanFilter(
      'registered',
      'Only addresses that registered in the app (`true`) or have not (`false`).',
    ),
    type: nameFilter(
      'type',
      'Only signups of this programme (exact, e.g. CLOSED_ALPHA, BETA, OPEN_BETA). On the users ' +
        'list: addresses whose signup is of it.',
    ),
    source: nameFilter(
      'source',
      'Only signups from this signup form (exact, e.g. hero-top). On the users list: addresses ' +
        'whose signup came from it.',
    ),
    from: dayFilter(
      'from',
      'Only signups made on this UTC day or later (the first signup of the address).',
    ),
    to: dayFilter('to', 'Only signups made on this UTC day or earlier; not before `from`.'),
    waiting: booleanFilter(
      'waiting',
      'Only people waiting in line (`true`: confirmed, not on the whitelist) or not (`false`).',
    ),
    product: z
      .enum(LIST_PRODUCTS, { error: `product must be ${LIST_PRODUCTS.join(', ')}` })
      .optional()
      .meta({ description: 'Only people who said they want this product first.' }),
    referrer: booleanFilter(
      'referrer',
      'Only people with at least one credited referral (`true`), or with none (`false`).',
    ),
    sort: z
      .enum(sorts, { error: `sort must be ${sorts.join(' or ')}` })
      .optional()
      .meta({
        description:
          '`created`: by signup date (then by id); `email`: by address; on the signups list, ' +
          '`place`: the people waiting, in the order of the line (`asc`: first in line first; ' +
          'people not waiting have no place and are left out). ' +
          defaultSortText,
      }),
    order: z
      .enum(LIST_ORDERS, { error: 'order must be asc or desc' })
      .optional()
      .meta({
        description:
          'Direction of `sort`: `asc` or `desc`. Without it: `desc` for dates, `asc` for ' +
          'addresses.',
      }),
  };
}

const DATE_RANGE_MESSAGE = 'from must not be after to';

const LIMIT_MESSAGE = 'limit must be a whole number from 1 to 100';
const OFFSET_MESSAGE = 'offset must be a whole number, 0 or more';

/** `limit` (1 to MAX_PAGE_SIZE, `defaultLimit` when absent) and `offset` of a paged admin list. */
export function pageParameters(defaultLimit: number) {
  return {
    limit: z.coerce
      .number({ error: LIMIT_MESSAGE })
      .int({ error: LIMIT_MESSAGE })
      .min(1, { error: LIMIT_MESSAGE })
      .max(MAX_PAGE_SIZE, { error: LIMIT_MESSAGE })
      .default(defaultLimit),
    offset: z.coerce
      .number({ error: OFFSET_MESSAGE })
      .int({ error: OFFSET_MESSAGE })
      .min(0, { error: OFFSET_MESSAGE })
      .max(Number.MAX_SAFE_INTEGER, { error: OFFSET_MESSAGE })
      .default(0),
  };
}

function listQueryObject<const S extends readonly [string, ...string[]]>(
  defaultLimit: number,
  sorts: S,
  defaultSortText: string,
) {
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
    ...pageParameters(defaultLimit),
    confirmation: z
      .enum(CONFIRMATION_FILTERS, { error: CONFIRMATION_FILTER_MESSAGE })
      .optional()
      .meta({
        description:
          'Only signups the person confirmed from the confirmation mail (`confirmed`) or not ' +
          'yet (`pending`); combines with `search`. An address with no signup has neither.',
      }),
    ...listFilterFields(sorts, defaultSortText),
  });
}

/** `from` after `to` is refused (400) rather than answered with an empty list. */
function withDateRange<T extends z.ZodType<{ from?: string | undefined; to?: string | undefined }>>(
  schema: T,
) {
  return schema.refine((query) => !(query.from && query.to && query.from > query.to), {
    error: DATE_RANGE_MESSAGE,
  });
}

const signupsQueryObject = listQueryObject(
  SIGNUPS_PAGE_SIZE,
  SIGNUP_LIST_SORTS,
  'Without it: newest signup first, as always.',
);
const usersQueryObject = listQueryObject(
  USERS_PAGE_SIZE,
  USER_LIST_SORTS,
  'Without it (or `activity`): most recent activity (signup, whitelisting or registration) ' +
    'first, then by address, as always. By `created`, addresses without a signup come last.',
);
export const signupsQuerySchema = withDateRange(signupsQueryObject);
export const usersQuerySchema = withDateRange(usersQueryObject);
export type ListQuery = z.infer<typeof usersQuerySchema>;

/** The list queries without paging: what the CSV exports and "all matching" selections take. */
export const signupsExportQuerySchema = withDateRange(
  signupsQueryObject.omit({ limit: true, offset: true }),
);
export const usersExportQuerySchema = withDateRange(
  usersQueryObject.omit({ limit: true, offset: true }),
);
/** Every filter and the order of a list, without paging. */
export type ListFilter = z.infer<typeof usersExportQuerySchema>;

export const paginationSchema = z
  .object({
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
    totalExact: z
      .boolean()
      .optional()
      .meta({
        description:
          'On the signups and users lists: false when a search matches more than 10,000 ' +
          'addresses, which are counted no further; `total` is then 10,000 and means "at least".',
      }),
  })
  .meta({ id: 'Pagination' });
export type Pagination = z.infer<typeof paginationSchema>;

/** Marks a row whose stored address is not one mailbox (migration 0019). */
const notOneMailboxField = z
  .literal(true)
  .optional()
  .meta({
    description:
      'Present (true) when the stored address is not one mailbox: kept from before every way ' +
      'in asked for one, shown marked, never mailed',
  });

/** A person's place in line, referrals and products (decision 0040), on both lists. */
const lineFields = {
  place: z
    .number()
    .int()
    .optional()
    .meta({ description: 'Place in line, 1 first; absent when the person does not wait' }),
  referrals: z
    .number()
    .int()
    .optional()
    .meta({ description: 'Credited referrals (friends who confirmed through their link)' }),
  products: z
    .array(z.enum(LIST_PRODUCTS))
    .optional()
    .meta({ description: 'The products the person wants first, if they said' }),
};

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
    notOneMailbox: notOneMailboxField,
    ...lineFields,
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
    notOneMailbox: notOneMailboxField,
    ...lineFields,
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

/** Who may open the dashboard: an admin changes things, a viewer only reads. */
export const DASHBOARD_ROLES = ['admin', 'viewer'] as const;
export type DashboardRole = (typeof DASHBOARD_ROLES)[number];

/** The signed-in admin as the dashboard sees it (spec section 3, 'Admin user'). */
export const adminUserSchema = z
  .object({
    uid: z.string(),
    email: z.string(),
    displayName: z.string(),
    photoURL: z.string().nullable(),
    isAdmin: z.literal(true),
    role: z.enum(DASHBOARD_ROLES).meta({
      description:
        '`admin` (ADMIN_EMAILS) may do everything; `viewer` (VIEWER_EMAILS) may read the lists, ' +
        'counts, charts, exports and the audit log, and every change answers 403.',
    }),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof adminUserSchema>;

export const ACCESS_DENIED_MESSAGE =
  'Access denied. You are not authorized to access the admin panel.';
export const AUTHENTICATION_REQUIRED_MESSAGE = 'Please sign in to continue.';
