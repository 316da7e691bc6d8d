import { hasControlCharacters } from './email-rules.ts';
import { MAX_SEARCH_LENGTH, pageParameters, paginationSchema } from './admin.ts';
import { z } from './zod.ts';

/** The figures above the lists (`GET /api/admin/counts`). */
export const adminCountsSchema = z
  .object({
    total: z.number().int().meta({ description: 'Signups (one per address)' }),
    confirmed: z
      .number()
      .int()
      .meta({ description: 'Signups the person confirmed from the confirmation mail' }),
    whitelisted: z.number().int().meta({ description: 'Addresses on the whitelist' }),
    invited: z.number().int().meta({
      description: 'Distinct addresses the early-access invitation was delivered to (sent)',
    }),
    registered: z.number().int().meta({ description: 'Addresses registered in the app' }),
    today: z.number().int().meta({ description: 'Signups made since 00:00 UTC today' }),
    at: z.string().meta({ description: 'ISO 8601, when the figures were read' }),
  })
  .meta({ id: 'AdminCounts' });
export type AdminCounts = z.infer<typeof adminCountsSchema>;

/** Actions the audit log records. */
export const AUDIT_ACTIONS = [
  'whitelist.add',
  'whitelist.invite',
  'whitelist.remove',
  'mail.retry',
  'api-token.create',
  'api-token.revoke',
  'export',
  'signups.import',
  'referral.credit',
  'referral.reject',
] as const;

export const AUDIT_PAGE_SIZE = 50;

function partOfAddress(name: string, description: string) {
  return z
    .string({ error: `${name} must be a single text value` })
    .max(MAX_SEARCH_LENGTH, { error: `${name} must be at most ${MAX_SEARCH_LENGTH} characters` })
    .refine((value) => !hasControlCharacters(value), {
      error: `${name} must not contain control characters`,
    })
    .optional()
    .meta({ description });
}

export const auditQuerySchema = z.object({
  actor: partOfAddress(
    'actor',
    'Part of the address of the admin who acted (case-insensitive; an API token acts as ' +
      '`address via token rsk_…`).',
  ),
  target: partOfAddress(
    'target',
    'Part of the address (or other target) acted on, case-insensitive.',
  ),
  action: z
    .string({ error: 'action must be a single text value' })
    .regex(/^[a-z.-]{1,64}$/, { error: 'action must be an action name such as whitelist.add' })
    .optional()
    .meta({ description: `Only this action, e.g. ${AUDIT_ACTIONS.join(', ')}` }),
  ...pageParameters(AUDIT_PAGE_SIZE),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z
  .object({
    id: z.string(),
    at: z.string().meta({ description: 'ISO 8601, when it happened' }),
    actor: z.string().meta({ description: 'Who acted: the admin address (or its API token)' }),
    action: z.string().meta({ description: `What was done: ${AUDIT_ACTIONS.join(', ')}` }),
    target: z.string().meta({
      description:
        'What it was done to: an address, a token id, an export or import summary; an erased ' +
        'address only by its keyed hash',
    }),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntryRecord = z.infer<typeof auditEntrySchema>;

export const auditResponseSchema = z
  .object({ entries: z.array(auditEntrySchema), pagination: paginationSchema })
  .meta({ id: 'AuditResponse', description: 'Newest first.' });
export type AuditResponse = z.infer<typeof auditResponseSchema>;

/** CSV import of a legacy waitlist (`POST /api/admin/signups/import`). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_LINES = 100_000;
/** Per-line errors an answer lists at most (the counts always cover every line). */
export const IMPORT_MAX_ERRORS = 1000;
export const IMPORT_COLUMNS = ['email', 'type', 'source', 'created_at'] as const;

export const importQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false'], { error: 'dryRun must be true or false' })
    .optional()
    .meta({ description: '`true`: check every line and answer the preview, writing nothing.' }),
});

export const importLineErrorSchema = z
  .object({
    line: z.number().int().meta({ description: 'Line of the file, the header being line 1' }),
    message: z.string(),
  })
  .meta({ id: 'ImportLineError' });

export const importResultSchema = z
  .object({
    dryRun: z.boolean(),
    lines: z.number().int().meta({ description: 'Data lines read (the header not counted)' }),
    created: z.number().int().meta({ description: 'New signups (dry run: that would be created)' }),
    known: z.number().int().meta({
      description: 'Lines skipped: the address already signed up, or came earlier in the file',
    }),
    invalid: z.number().int().meta({ description: 'Lines skipped as invalid' }),
    errors: z.array(importLineErrorSchema).meta({
      description: 'Why each invalid line was refused (the first 1,000)',
    }),
  })
  .meta({ id: 'ImportResult' });
export type ImportResult = z.infer<typeof importResultSchema>;
