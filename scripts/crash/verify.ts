import { sql, type Kysely } from 'kysely';
import { isValidEmail } from '../../src/contract/email-rules.ts';
import { PROGRAM_TYPES, SIGNUP_TYPES } from '../../src/contract/signup-types.ts';
import { toDate, type Database, type Timestamp } from '../../src/server/db/schema.ts';
import type { DatabaseHandle } from '../../src/server/db/database.ts';
import type { ReceivedWebhook } from '../../src/server/test/webhook-receiver.ts';
import type { EmailRequestRecord, Ledger, Outcome, WhitelistStep } from './traffic.ts';

/** Acknowledged writes and what became of them; `cut` requests may or may not have landed. */
export interface Tally {
  acknowledged: number;
  found: number;
  lost: number;
  cut: number;
  /** Cut requests whose write is in the database anyway. */
  cutSaved: number;
}

export interface Findings {
  signups: Tally;
  whitelist: Tally;
  emails: Tally & { cutDelivered: number };
  confirmations: ConfirmationTally;
  webhooks: WebhookTally;
  halfWrittenRows: number;
  /** SQLite's `PRAGMA integrity_check`; PostgreSQL has no equivalent here. */
  integrity: string;
  /** Everything that is lost or corrupt, one line per kind with examples. */
  problems: string[];
  /** Worth knowing, but neither lost nor corrupt. */
  notes: string[];
}

export interface Expectations {
  program: string;
  adminEmail: string;
  templates: string[];
  /** Message-ID -> recipients, as the SMTP sink received them. */
  delivered: Map<string, string[]>;
  /** Message-ID -> how many times the sink accepted it. */
  deliveries: Map<string, number>;
  /** The host of Message-IDs the service makes itself (`<outbox id@host>`). */
  messageIdHost: string;
  /** Webhook id -> the requests the receiver accepted with it, and whether any was forged. */
  webhooks: { accepted: Map<string, ReceivedWebhook[]>; badSignatures: number };
}

export interface WebhookTally {
  /** Events written (one delivery per event: one endpoint). */
  events: number;
  deliveredOnce: number;
  /** Accepted again with the same webhook-id: a kill came between the answer and its record. */
  resent: number;
  lost: number;
}

export interface ConfirmationTally {
  acknowledged: number;
  deliveredOnce: number;
  /** Delivered again with the same Message-ID: a kill came between the server's 250 and the record. */
  resent: number;
  lost: number;
  /** More than one confirmation message for one signup. */
  duplicated: number;
}

const CONFIRMATION_TEMPLATE = 'waitlist-confirmation';
const INVITATION_TEMPLATE = 'early-access-invitation';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const EXAMPLES_KEPT = 8;

const tally = (): Tally => ({ acknowledged: 0, found: 0, lost: 0, cut: 0, cutSaved: 0 });
const isTime = (value: Timestamp | null) =>
  value !== null && !Number.isNaN(toDate(value).getTime());

/** Collects problems, keeping a few examples of each kind and counting the rest. */
function problemLog() {
  const counts = new Map<string, { examples: string[]; count: number }>();
  return {
    add(kind: string, example: string) {
      const entry = counts.get(kind) ?? { examples: [], count: 0 };
      entry.count++;
      if (entry.examples.length < EXAMPLES_KEPT) entry.examples.push(example);
      counts.set(kind, entry);
    },
    list(): string[] {
      return [...counts].map(
        ([kind, { examples, count }]) =>
          `${kind}: ${count}${count > examples.length ? ` (first ${examples.length})` : ''}: ${examples.join('; ')}`,
      );
    },
  };
}
type Problems = ReturnType<typeof problemLog>;

function countOutcome(counts: Tally, outcome: Outcome, found: boolean) {
  if (outcome === 'acknowledged') {
    counts.acknowledged++;
    if (found) counts.found++;
    else counts.lost++;
  } else if (outcome === 'cut') {
    counts.cut++;
    if (found) counts.cutSaved++;
  }
}

/** Opens nothing and changes nothing: reads every table the traffic wrote and compares. */
export async function verify(
  handle: DatabaseHandle,
  ledger: Ledger,
  expected: Expectations,
): Promise<Findings> {
  const { db } = handle;
  const problems = problemLog();
  const notes = problemLog();
  const integrity = handle.dialect === 'sqlite' ? await sqliteIntegrity(db) : 'n/a';
  if (integrity !== 'ok' && integrity !== 'n/a') problems.add('integrity_check', integrity);

  const signups = await checkSignups(db, ledger, expected, problems);
  const whitelist = await checkWhitelist(db, ledger, expected, problems);
  const emails = await checkEmails(db, ledger.emails, expected, problems, notes);
  const confirmations = await checkConfirmations(db, ledger, expected, problems);
  const webhooks = await checkWebhooks(db, ledger, expected, problems);
  return {
    signups: signups.counts,
    whitelist: whitelist.counts,
    emails: emails.counts,
    confirmations,
    webhooks,
    halfWrittenRows: signups.halfWritten + whitelist.halfWritten + emails.halfWritten,
    integrity,
    problems: problems.list(),
    notes: notes.list(),
  };
}

async function sqliteIntegrity(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
  return rows.map((row) => row.integrity_check).join(' | ');
}

async function checkSignups(
  db: Kysely<Database>,
  ledger: Ledger,
  expected: Expectations,
  problems: Problems,
) {
  const rows = await db.selectFrom('signups').selectAll().execute();
  let halfWritten = 0;
  for (const row of rows) {
    const whole =
      UUID.test(row.id) &&
      isValidEmail(row.email) &&
      (PROGRAM_TYPES as readonly string[]).includes(row.program) &&
      (SIGNUP_TYPES as readonly string[]).includes(row.source) &&
      isTime(row.created_at);
    if (!whole) {
      halfWritten++;
      problems.add('half-written signup row', JSON.stringify(row));
    }
  }
  const byEmail = new Map(rows.map((row) => [row.email, row]));
  const counts = tally();
  for (const request of ledger.signups) {
    const row = byEmail.get(request.email);
    byEmail.delete(request.email);
    countOutcome(counts, request.outcome, row !== undefined);
    if (request.outcome === 'acknowledged') {
      if (!row) problems.add('acknowledged signup lost', request.email);
      else if (row.source !== request.signupType || row.program !== expected.program) {
        problems.add(
          'signup saved with the wrong form or programme',
          `${request.email}: ${row.source}/${row.program}, sent ${request.signupType}/${expected.program}`,
        );
      }
    }
    if (request.outcome === 'rejected' && row) {
      problems.add('rejected signup saved anyway', request.email);
    }
  }
  for (const email of byEmail.keys()) problems.add('signup row nobody sent', email);
  return { counts, halfWritten };
}

type AuditCounts = { add: number; remove: number };

async function checkWhitelist(
  db: Kysely<Database>,
  ledger: Ledger,
  expected: Expectations,
  problems: Problems,
) {
  const [listedRows, auditRows, invitationRows] = await Promise.all([
    db.selectFrom('whitelist').selectAll().execute(),
    db.selectFrom('audit_log').selectAll().execute(),
    db
      .selectFrom('mail_outbox')
      .select('to_address')
      .where('template', '=', INVITATION_TEMPLATE)
      .execute(),
  ]);
  let halfWritten = 0;
  for (const row of listedRows) {
    if (!isValidEmail(row.email) || !isTime(row.added_at) || row.added_by !== expected.adminEmail) {
      halfWritten++;
      problems.add('half-written whitelist row', JSON.stringify(row));
    }
  }
  const audits = new Map<string, AuditCounts>();
  const invitationAudits = new Map<string, number>();
  for (const row of auditRows) {
    const action =
      row.action === 'whitelist.add'
        ? 'add'
        : row.action === 'whitelist.remove'
          ? 'remove'
          : row.action === 'whitelist.invite'
            ? 'invite'
            : '';
    if (
      !action ||
      !UUID.test(row.id) ||
      !isTime(row.at) ||
      row.actor !== expected.adminEmail ||
      !isValidEmail(row.target)
    ) {
      halfWritten++;
      problems.add('half-written audit row', JSON.stringify(row));
      continue;
    }
    if (action === 'invite') {
      invitationAudits.set(row.target, (invitationAudits.get(row.target) ?? 0) + 1);
      continue;
    }
    const entry = audits.get(row.target) ?? { add: 0, remove: 0 };
    entry[action]++;
    audits.set(row.target, entry);
  }
  const listed = new Set(listedRows.map((row) => row.email));

  // Every queued invitation let its address in, in its own transaction: the address is listed,
  // with one audit row per invitation, whatever a kill cut.
  const invitations = new Map<string, number>();
  for (const { to_address } of invitationRows) {
    invitations.set(to_address, (invitations.get(to_address) ?? 0) + 1);
  }
  for (const email of new Set([...invitations.keys(), ...invitationAudits.keys()])) {
    const queued = invitations.get(email) ?? 0;
    const audited = invitationAudits.get(email) ?? 0;
    if (queued !== audited || !listed.has(email)) {
      halfWritten++;
      problems.add(
        'invitation and whitelist disagree',
        `${email}: invitations=${queued}, audit invite=${audited}, listed=${listed.has(email)}`,
      );
    }
  }

  // The change and its audit row share a transaction: whatever was acknowledged or not, the
  // list and the audit trail must agree for every address either one mentions.
  for (const email of new Set([...listed, ...audits.keys()])) {
    // Let in by its invitation (checked above), not by a whitelist call.
    if (!audits.has(email) && invitationAudits.has(email)) continue;
    const { add, remove } = audits.get(email) ?? { add: 0, remove: 0 };
    if (add > 1 || remove > 1 || add - remove !== (listed.has(email) ? 1 : 0)) {
      halfWritten++;
      problems.add(
        'whitelist and audit log disagree',
        `${email}: listed=${listed.has(email)}, audit add=${add} remove=${remove}`,
      );
    }
    if (!ledger.whitelist.has(email)) problems.add('whitelist change nobody sent', email);
  }

  const counts = tally();
  for (const [email, steps] of ledger.whitelist) {
    checkChain(email, steps, audits.get(email), listed.has(email), counts, problems);
  }
  return { counts, halfWritten };
}

/** One address's add (and maybe remove), each sent only after the previous was acknowledged. */
function checkChain(
  email: string,
  steps: WhitelistStep[],
  audit: AuditCounts | undefined,
  listed: boolean,
  counts: Tally,
  problems: Problems,
) {
  const everyStepAcknowledged = steps.every((step) => step.outcome === 'acknowledged');
  steps.forEach((step, index) => {
    const audited = (audit?.[step.action] ?? 0) > 0;
    const last = index === steps.length - 1;
    // Only a wholly acknowledged chain fixes the final state: the last acknowledged call wins.
    const stateHolds = !(last && everyStepAcknowledged) || listed === (step.action === 'add');
    countOutcome(counts, step.outcome, audited && stateHolds);
    if (step.outcome === 'acknowledged' && !(audited && stateHolds)) {
      problems.add(
        'acknowledged whitelist change lost',
        `${step.action} ${email}: audit row ${audited ? 'present' : 'missing'}, listed=${listed}`,
      );
    }
    if (step.outcome === 'rejected' && audited) {
      problems.add('rejected whitelist change applied anyway', `${step.action} ${email}`);
    }
  });
}

async function checkEmails(
  db: Kysely<Database>,
  requests: EmailRequestRecord[],
  expected: Expectations,
  problems: Problems,
  notes: Problems,
) {
  // Every mail is an outbox row before it leaves (the transactional outbox).
  const rows = (await db.selectFrom('mail_outbox').selectAll().execute()).map((row) => ({
    ...row,
    message_id: row.message_id ?? `<${row.id}@${expected.messageIdHost}>`,
  }));
  let halfWritten = 0;
  for (const row of rows) {
    const sent = row.status === 'sent';
    const whole =
      UUID.test(row.id) &&
      isValidEmail(row.to_address) &&
      expected.templates.includes(row.template) &&
      ['queued', 'sending', 'sent', 'dead', 'suppressed'].includes(row.status) &&
      (!sent || (row.message_id.length > 0 && Number(row.attempts) >= 1)) &&
      (row.requested_by === expected.adminEmail ||
        (row.requested_by === 'system' && row.template === CONFIRMATION_TEMPLATE)) &&
      isTime(row.created_at);
    if (!whole) {
      halfWritten++;
      problems.add('half-written outbox row', JSON.stringify(row));
    }
    if (sent && !expected.delivered.has(row.message_id)) {
      problems.add('recorded as sent but never reached the mail server', row.message_id);
    }
    if (!sent) notes.add(`mail left as ${row.status}`, `${row.to_address}: ${row.last_error}`);
  }
  const byMessageId = new Map(rows.map((row) => [row.message_id, row]));
  // The row is written before the mail leaves: whatever reached the mail server is in the log,
  // as sent or, when a kill cut the send, as pending.
  // (One mail server serves every database kind's run: only this run's recipients count.)
  const requestedTo = new Set(requests.map((request) => request.to));
  for (const [messageId, recipients] of expected.delivered) {
    const ours = recipients.some((recipient) => requestedTo.has(recipient));
    if (ours && !byMessageId.has(messageId)) problems.add('delivered but never logged', messageId);
  }
  const loggedTo = new Set(rows.map((row) => row.to_address));
  const deliveredTo = new Set([...expected.delivered.values()].flat());

  const counts = { ...tally(), cutDelivered: 0 };
  for (const request of requests) {
    if (request.outcome === 'cut') {
      countOutcome(counts, 'cut', loggedTo.has(request.to));
      if (deliveredTo.has(request.to)) counts.cutDelivered++;
      continue;
    }
    if (request.outcome !== 'acknowledged') continue;
    const row = request.messageId === undefined ? undefined : byMessageId.get(request.messageId);
    const recipients = request.messageId ? expected.delivered.get(request.messageId) : undefined;
    const logged =
      row !== undefined &&
      row.status === 'sent' &&
      row.to_address === request.to &&
      (request.template === undefined || row.template === request.template);
    const delivered = recipients?.includes(request.to) ?? false;
    countOutcome(counts, 'acknowledged', logged && delivered);
    if (!logged || !delivered) {
      problems.add(
        'acknowledged send lost',
        `${request.to} ${request.messageId}: log ${row ? `${row.status} to ${row.to_address}` : 'missing'}, ${delivered ? 'delivered' : 'not delivered'}`,
      );
    }
  }
  return { counts, halfWritten };
}

/**
 * Every saved signup has exactly one confirmation message, saved in the same transaction (a
 * signup row without one, or one without its row, is a torn transaction), and every acknowledged
 * signup's message reached the mail server: once, or again with the same Message-ID when a kill
 * cut the worker between the server's answer and the record.
 */
async function checkConfirmations(
  db: Kysely<Database>,
  ledger: Ledger,
  expected: Expectations,
  problems: Problems,
): Promise<ConfirmationTally> {
  const signups = new Set(
    (await db.selectFrom('signups').select('email').execute()).map((row) => row.email),
  );
  const messages = await db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('template', '=', CONFIRMATION_TEMPLATE)
    .where('requested_by', '=', 'system')
    .execute();
  const byAddress = new Map<string, typeof messages>();
  for (const message of messages) {
    byAddress.set(message.to_address, [...(byAddress.get(message.to_address) ?? []), message]);
    if (!signups.has(message.to_address)) {
      problems.add('confirmation mail without its signup', message.to_address);
    }
  }
  for (const email of signups) {
    if (!byAddress.has(email)) problems.add('signup saved without its confirmation mail', email);
  }
  const counts: ConfirmationTally = {
    acknowledged: 0,
    deliveredOnce: 0,
    resent: 0,
    lost: 0,
    duplicated: 0,
  };
  for (const request of ledger.signups) {
    if (request.outcome !== 'acknowledged') continue;
    counts.acknowledged++;
    const sent = byAddress.get(request.email) ?? [];
    if (sent.length > 1) {
      counts.duplicated++;
      problems.add('more than one confirmation mail for one signup', request.email);
    }
    const deliveries = sent.map((message) => {
      const messageId = message.message_id ?? `<${message.id}@${expected.messageIdHost}>`;
      return expected.deliveries.get(messageId) ?? 0;
    });
    const total = deliveries.reduce((sum, count) => sum + count, 0);
    if (total === 0) {
      counts.lost++;
      problems.add('acknowledged signup never got its confirmation mail', request.email);
    } else if (total === 1) counts.deliveredOnce++;
    else counts.resent++;
  }
  return counts;
}

/**
 * Webhook events are written with their change: one `signup.created` per signup row, as many
 * whitelist events per address as audited whitelist changes. Every event reached the receiver
 * (with a valid signature), and every acknowledged signup's event among them.
 */
async function checkWebhooks(
  db: Kysely<Database>,
  ledger: Ledger,
  expected: Expectations,
  problems: Problems,
): Promise<WebhookTally> {
  const { accepted, badSignatures } = expected.webhooks;
  if (badSignatures > 0)
    problems.add('webhook requests with a bad signature', String(badSignatures));
  const events = await db
    .selectFrom('webhook_deliveries')
    .select(['id', 'event_type', 'subject', 'status'])
    .execute();
  const created = new Map<string, number>();
  const whitelistEvents = new Map<string, number>();
  const counts: WebhookTally = { events: events.length, deliveredOnce: 0, resent: 0, lost: 0 };
  for (const event of events) {
    if (event.event_type === 'signup.created') {
      created.set(event.subject, (created.get(event.subject) ?? 0) + 1);
    } else if (event.event_type.startsWith('whitelist.')) {
      const key = `${event.event_type} ${event.subject}`;
      whitelistEvents.set(key, (whitelistEvents.get(key) ?? 0) + 1);
    }
    const copies = accepted.get(event.id)?.length ?? 0;
    if (copies === 0) {
      counts.lost++;
      problems.add(
        'webhook event never accepted by the receiver',
        `${event.event_type} ${event.subject}`,
      );
    } else if (copies === 1) counts.deliveredOnce++;
    else counts.resent++;
    if (event.status !== 'delivered') {
      problems.add(`webhook delivery left ${event.status}`, event.id);
    }
  }
  const saved = new Set(accepted.keys());
  for (const event of events) saved.delete(event.id);
  for (const id of saved) problems.add('webhook accepted for no saved event', id);

  const signups = (await db.selectFrom('signups').select('email').execute()).map(
    (row) => row.email,
  );
  for (const email of signups) {
    const found = created.get(email) ?? 0;
    if (found !== 1) problems.add(`signup saved with ${found} signup.created events`, email);
  }
  for (const request of ledger.signups) {
    if (request.outcome === 'acknowledged' && !created.has(request.email)) {
      problems.add('acknowledged signup without its webhook event', request.email);
    }
  }
  const audits = await db
    .selectFrom('audit_log')
    .select(['action', 'target'])
    .where('action', 'in', ['whitelist.add', 'whitelist.invite', 'whitelist.remove'])
    .execute();
  const audited = new Map<string, number>();
  // Each invitation goes to a fresh address, so each one added it to the whitelist.
  for (const { action, target } of audits) {
    const key = `${action === 'whitelist.remove' ? 'whitelist.removed' : 'whitelist.added'} ${target}`;
    audited.set(key, (audited.get(key) ?? 0) + 1);
  }
  for (const key of new Set([...audited.keys(), ...whitelistEvents.keys()])) {
    if ((audited.get(key) ?? 0) !== (whitelistEvents.get(key) ?? 0)) {
      problems.add('whitelist changes and their webhook events differ', key);
    }
  }
  return counts;
}
