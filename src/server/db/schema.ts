import type { Generated } from 'kysely';

/**
 * Row types of the data layer. Timestamps are written as ISO 8601 text; SQLite gives them back
 * as text and PostgreSQL (timestamptz) as Date, so readers go through `toDate`.
 */
export type Timestamp = string | Date;

export interface SignupsTable {
  id: string;
  email: string;
  program: string;
  source: string;
  /** The first signup; program and source are from it too. */
  created_at: Timestamp;
  /** The latest signup attempt; null on rows an older version wrote, read `created_at` then. */
  last_signup_at: Timestamp | null;
  /** Signup attempts of the address, the first included. */
  signup_count: Generated<number>;
  /** When the person confirmed the address from the confirmation mail; null: not yet. */
  confirmed_at: Timestamp | null;
  /** The place taken in the original line, by signup time (migration 0021). */
  ticket: Generated<number | string | null>;
  /** Places credited referrals moved the person forward. */
  boost: Generated<number | string>;
  /** `ticket - boost` while the person waits (confirmed, not on the whitelist); else null. */
  line_key: Generated<number | string | null>;
  /** Credited referrals, kept by triggers on `referrals` (migration 0023). */
  referrals_credited: Generated<number | string>;
  /** The person's referral code, given when first needed. */
  referral_code: Generated<string | null>;
  /** The products the person wants first, comma-separated (`ios,chrome`). */
  wants: Generated<string | null>;
  /** Keyed hash of the network last seen for the person (referral checks), and when. */
  network: Generated<string | null>;
  network_at: Generated<Timestamp | null>;
  /** 1: the person turned the "you moved up" mail off on their page; 0: on (migration 0022). */
  moved_mail_off: Generated<number>;
  /** When the last "you moved up" mail was queued for the person, and the place it said. */
  moved_mail_at: Generated<Timestamp | null>;
  moved_mail_place: Generated<number | string | null>;
}

export type ReferralStatus = 'pending' | 'credited' | 'held' | 'rejected';

export interface ReferralsTable {
  id: string;
  /** The signup whose link the friend used. */
  owner_id: string;
  /** The friend's signup: one referral each. */
  friend_id: string;
  status: ReferralStatus;
  /** Why it is held, comma-separated: same-person, same-network, burst, similar. */
  reasons: string | null;
  created_at: Timestamp;
  /** When the friend confirmed (the referral was credited or held then). */
  settled_at: Timestamp | null;
  decided_at: Timestamp | null;
  decided_by: string | null;
}

export interface LineBucketsTable {
  bucket: number | string;
  people: number | string;
}

export interface LineBucketChangesTable {
  id: Generated<number | string>;
  bucket: number | string;
  change: number | string;
}

export interface WhitelistTable {
  email: string;
  added_at: Timestamp;
  added_by: string;
}

export interface AppUsersTable {
  uid: string;
  email: string;
  registered_at: Timestamp;
}

export interface AdminSessionsTable {
  token_hash: string;
  uid: string;
  email: string;
  display_name: string;
  photo_url: string | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface ApiTokensTable {
  id: string;
  name: string;
  token_hash: string;
  prefix_hint: string;
  scope: 'read' | 'write';
  created_by: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
  expires_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

export interface AuthTransactionsTable {
  id_hash: string;
  state: string;
  nonce: string;
  code_verifier: string;
  expires_at: Timestamp;
}

export interface AuditLogTable {
  id: string;
  at: Timestamp;
  actor: string;
  action: string;
  target: string;
}

export interface OidcPayloadsTable {
  kind: string;
  id: string;
  payload: string;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: Timestamp | null;
  consumed_at: Timestamp | null;
}

export interface EmailUnsubscribesTable {
  email: string;
  unsubscribed_at: Timestamp;
}

/** An erased address: only its keyed hash (features/privacy/suppression.ts), never mailed again. */
export interface EmailSuppressionsTable {
  address_hash: string;
  /** Why it is kept: `erasure`. */
  reason: string;
  created_at: Timestamp;
}

export interface CaughtMailTable {
  id: string;
  to_address: string;
  subject: string;
  text: string;
  message_id: string | null;
  received_at: Timestamp;
}

/**
 * `queued`: waiting for its time; `sending`: leased by a worker until `lease_until`; `sent`: the
 * SMTP server took it; `dead`: failed for good (permanent refusal or out of attempts), an admin
 * may retry it; `suppressed`: marketing mail to an address that unsubscribed or was erased.
 */
export type OutboxStatus = 'queued' | 'sending' | 'sent' | 'dead' | 'suppressed';

export interface MailOutboxTable {
  id: string;
  to_address: string;
  template: string;
  /** The Message-ID header, the same on every attempt; null: `<id@PUBLIC_URL's host>`. */
  message_id: string | null;
  /** JSON object of strings: what the template needs besides the address. */
  params: string;
  status: OutboxStatus;
  /** SMTP attempts so far, every round's retries included. */
  attempts: Generated<number>;
  /** Delivery rounds so far: each lease is one, with a few quick retries inside it. */
  rounds: Generated<number>;
  /** Rounds before the message is dead: 1 for an admin's send, several for background mail. */
  max_rounds: number;
  /** 0: an admin is waiting for it; 1: background mail. Lower goes first. */
  priority: Generated<number>;
  next_attempt_at: Timestamp;
  lease_until: Timestamp | null;
  leased_by: string | null;
  /** The technical cause of the last failure, for the log and the admin. */
  last_error: string | null;
  /** The same failure as a sentence for the dashboard. */
  failure_message: string | null;
  smtp_response: string | null;
  requested_by: string;
  /** A second message with the same key is not queued (one confirmation per request, say). */
  dedupe_key: string | null;
  created_at: Timestamp;
  finished_at: Timestamp | null;
}

/** A receiver of signed webhooks. */
export interface WebhookEndpointsTable {
  id: string;
  url: string;
  /** The signing secret, `whsec_` and base64 (Standard Webhooks). */
  secret: string;
  /** JSON array of the event types it receives. */
  events: string;
  /** `setting`: from WEBHOOK_URLS, kept in step at start; `dashboard`: added by an admin. */
  origin: 'setting' | 'dashboard';
  description: Generated<string>;
  created_by: string;
  created_at: Timestamp;
  disabled_at: Timestamp | null;
}

/**
 * `queued`: waiting for its time; `sending`: leased by a worker until `lease_until`;
 * `delivered`: the receiver answered 2xx; `dead`: out of attempts (an admin may retry it).
 */
export type WebhookDeliveryStatus = 'queued' | 'sending' | 'delivered' | 'dead';

export interface WebhookDeliveriesTable {
  /** Also the `webhook-id` header of every attempt. */
  id: string;
  endpoint_id: string;
  event_type: string;
  /** The address the event is about (erasure removes its rows). */
  subject: string;
  /** The JSON body, exactly as signed and sent. */
  payload: string;
  status: WebhookDeliveryStatus;
  /** Attempts so far (each lease is one); WEBHOOK_RETRY_SECONDS sets how many there may be. */
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  lease_until: Timestamp | null;
  leased_by: string | null;
  /** The HTTP status of the last attempt; null: no answer (refused, timed out). */
  last_status: number | null;
  last_error: string | null;
  last_attempt_at: Timestamp | null;
  created_at: Timestamp;
  finished_at: Timestamp | null;
}

/** A batch of invitations (or reminders) an admin sent; its mail is in the outbox. */
export interface InviteWavesTable {
  id: string;
  /** `invite`: the next N; `reminder`: invited, not registered; `bulk`: a selection of rows. */
  kind: 'invite' | 'reminder' | 'bulk';
  /** The N the admin asked for. */
  requested_count: number;
  /** The programme type and signup form the wave was narrowed to; null: any. */
  type: string | null;
  source: string | null;
  /** For a reminder: people invited at least this many days before. */
  days: number | null;
  created_by: string;
  created_at: Timestamp;
}

/** One person of a wave and the outbox message that mails them. */
export interface WaveMembersTable {
  wave_id: string;
  email: string;
  outbox_id: string;
}

/** Signups per UTC day, programme, signup form and confirmation state (migration 0017). */
export interface SignupTallyTable {
  /** `YYYY-MM-DD`, the UTC day of `signups.created_at`. */
  day: string;
  program: string;
  source: string;
  /** 1: confirmed; 0: not yet. */
  confirmed: number;
  signups: number | string;
}

/** PostgreSQL only: changes to the tally its triggers wrote and no fold has added yet. */
export interface SignupTallyChangesTable {
  id: Generated<string>;
  day: string;
  program: string;
  source: string;
  confirmed: number;
  change: number | string;
}

/**
 * A stored address that is not one mailbox (kept from before every way in asked for one): the
 * admin sees it marked, and it is never mailed.
 */
export interface AddressProblemsTable {
  email: string;
  /** `not-one-mailbox`. */
  reason: string;
  found_at: Timestamp;
}

export interface Database {
  address_problems: AddressProblemsTable;
  oidc_payloads: OidcPayloadsTable;
  signups: SignupsTable;
  signup_tally: SignupTallyTable;
  signup_tally_changes: SignupTallyChangesTable;
  whitelist: WhitelistTable;
  app_users: AppUsersTable;
  admin_sessions: AdminSessionsTable;
  api_tokens: ApiTokensTable;
  auth_transactions: AuthTransactionsTable;
  audit_log: AuditLogTable;
  email_unsubscribes: EmailUnsubscribesTable;
  email_suppressions: EmailSuppressionsTable;
  caught_mail: CaughtMailTable;
  mail_outbox: MailOutboxTable;
  invite_waves: InviteWavesTable;
  wave_members: WaveMembersTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  referrals: ReferralsTable;
  line_buckets: LineBucketsTable;
  line_bucket_changes: LineBucketChangesTable;
}

export function toDate(value: Timestamp): Date {
  return value instanceof Date ? value : new Date(value);
}
