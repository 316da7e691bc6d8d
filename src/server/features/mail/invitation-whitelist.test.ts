import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EarlyAccessEmailResponse } from '../../../contract/email-api.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { invited, signedUp, whitelisted } from '../../test/admin-test-data.ts';
import { WAVE_UNAVAILABLE_MESSAGE, BULK_UNAVAILABLE_MESSAGE } from '../access/wave-routes.ts';
import { inviteWaveMembers } from '../access/wave-repository.ts';
import { markUnsubscribed } from '../../platform/mail/email-repository.ts';
import { startMailTestSetup, type MailTestSetup } from '../../test/email-test-app.ts';
import {
  CHANGE_UNAVAILABLE_MESSAGE,
  UNSUBSCRIBED_MESSAGE,
} from '../../platform/mail/mail-service.ts';
import { earlyAccessInvitation } from '../access/early-access-invitation-mail.ts';
import { ERASED_MESSAGE } from '../../platform/mail/suppression.ts';

const kinds = await testDatabaseKinds();
const ADMIN = 'inviter@example.com';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Every way an admin can send the early-access invitation. The mail tells its reader they are
 * in, so each must leave the address on the whitelist, in the transaction that queues the mail,
 * with one audit entry for the whole outcome.
 */
interface Way {
  name: string;
  /** Whether the address is on the whitelist before (a reminder goes to listed people). */
  listedBefore: boolean;
  /** The answer of a send that worked. */
  status: number;
  /** The answer when the transaction fails. */
  unavailable: string;
  /** What must exist first: the person a wave picks. */
  prepare?(address: string): Promise<void>;
  send(address: string): Promise<{ statusCode: number; json(): unknown }>;
}

describe.each(kinds)('every invitation lets its address in, on $name', (kind) => {
  let setup: MailTestSetup;
  const app = () => setup.testApp.app;
  const db = () => app().database.db;
  const post = (url: string, payload: object) =>
    app().inject({ method: 'POST', url, headers: setup.headers, payload });

  const ways: Way[] = [
    {
      name: 'the add dialog’s send',
      listedBefore: false,
      status: 200,
      unavailable: CHANGE_UNAVAILABLE_MESSAGE,
      send: (address) => post('/api/email/early-access', { email: address }),
    },
    {
      name: 'a test send of the invitation template',
      listedBefore: false,
      status: 200,
      unavailable: CHANGE_UNAVAILABLE_MESSAGE,
      send: (address) =>
        post('/api/email/test', { email: address, templateType: earlyAccessInvitation.id }),
    },
    {
      name: 'an invite wave',
      listedBefore: false,
      status: 201,
      unavailable: WAVE_UNAVAILABLE_MESSAGE,
      async prepare(address) {
        await signedUp(db(), address, new Date(Date.now() - DAY_MS));
        await db()
          .updateTable('signups')
          .set({ confirmed_at: new Date().toISOString() })
          .where('email', '=', address)
          .execute();
      },
      send: () => post('/api/admin/waves', { kind: 'invite', count: 1, expectedCount: 1 }),
    },
    {
      name: 'a bulk addition with the invitation',
      listedBefore: false,
      status: 200,
      unavailable: BULK_UNAVAILABLE_MESSAGE,
      send: (address) =>
        post('/api/admin/whitelist/bulk', {
          action: 'add',
          invite: true,
          selection: { emails: [address] },
          expectedCount: 1,
        }),
    },
    {
      name: 'a reminder wave',
      listedBefore: true,
      status: 201,
      unavailable: WAVE_UNAVAILABLE_MESSAGE,
      async prepare(address) {
        const at = new Date(Date.now() - 10 * DAY_MS);
        await signedUp(db(), address, at);
        await whitelisted(db(), address, at);
        await invited(db(), address, at, ADMIN);
      },
      send: () =>
        post('/api/admin/waves', { kind: 'reminder', days: 7, count: 1, expectedCount: 1 }),
    },
  ];

  const isListed = async (address: string) =>
    (await db().selectFrom('whitelist').select('email').where('email', '=', address).execute())
      .length === 1;
  const invitationsTo = async (address: string) =>
    (
      await db()
        .selectFrom('mail_outbox')
        .select('id')
        .where('to_address', '=', address)
        .where('template', '=', earlyAccessInvitation.id)
        .execute()
    ).length;
  const auditOf = (address: string) =>
    db()
      .selectFrom('audit_log')
      .select(['action', 'actor'])
      .where('target', '=', address)
      .execute();
  const addedEvents = async (address: string) =>
    (
      await db()
        .selectFrom('webhook_deliveries')
        .select('event_type')
        .where('subject', '=', address)
        .execute()
    ).map((row) => row.event_type);

  /**
   * Makes every insert into `table` fail, as a full disk or a broken constraint would, for the
   * time of `use`: a trigger, so the other statements of the transaction run as usual.
   */
  async function failingInserts<T>(table: string, use: () => Promise<T>): Promise<T> {
    if (kind.name === 'sqlite') {
      await sql`create trigger injected_failure before insert on ${sql.table(table)}
        begin select raise(abort, 'injected failure'); end`.execute(db());
    } else {
      await sql`create or replace function injected_failure() returns trigger language plpgsql
        as $$ begin raise exception 'injected failure'; end $$`.execute(db());
      await sql`create trigger injected_failure before insert on ${sql.table(table)}
        for each row execute function injected_failure()`.execute(db());
    }
    try {
      return await use();
    } finally {
      await (
        kind.name === 'sqlite'
          ? sql`drop trigger injected_failure`
          : sql`drop trigger injected_failure on ${sql.table(table)}`
      ).execute(db());
    }
  }

  const mailTo = (address: string) =>
    setup.smtp.received.filter((mail) => mail.envelopeTo.includes(address));

  let counter = 0;
  /** A fresh address per test, so nothing of another test's is counted. */
  const fresh = (name: string) => `${name}-${++counter}@invite.example`;

  beforeAll(async () => {
    setup = await startMailTestSetup(kind, [ADMIN]);
    // A receiver of whitelist events (on loopback; whether it answers does not matter here).
    await db()
      .insertInto('webhook_endpoints')
      .values({
        id: 'endpoint-invitations',
        url: 'http://127.0.0.1:9/hooks',
        secret: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0',
        events: JSON.stringify(['whitelist.added', 'whitelist.removed']),
        origin: 'dashboard',
        created_by: ADMIN,
        created_at: new Date().toISOString(),
        disabled_at: null,
      })
      .execute();
  });
  afterAll(() => setup.close());
  beforeEach(async () => {
    setup.smtp.reset('accept');
    // A wave takes the oldest people it may: only this test's.
    for (const table of ['signups', 'whitelist', 'mail_outbox', 'wave_members'] as const) {
      await db().deleteFrom(table).execute();
    }
  });

  describe.each(ways)('$name', (way) => {
    it('whitelists the address with the invitation, audited once as the invitation', async () => {
      const address = fresh('ok');
      await way.prepare?.(address);

      const response = await way.send(address);

      expect(response.statusCode, JSON.stringify(response.json())).toBe(way.status);
      expect(await isListed(address)).toBe(true);
      expect(await invitationsTo(address)).toBe(way.listedBefore ? 2 : 1);
      expect(await auditOf(address)).toEqual([{ action: 'whitelist.invite', actor: ADMIN }]);
      expect(await addedEvents(address)).toEqual(way.listedBefore ? [] : ['whitelist.added']);
    });

    it.each(['whitelist', 'mail_outbox', 'audit_log', 'webhook_deliveries'])(
      'keeps neither the invitation nor the whitelist entry when the %s write fails',
      async (table) => {
        // A reminder's people were let in before, and its whitelist write only confirms it.
        if (table === 'webhook_deliveries' && way.listedBefore) return;
        const address = fresh(table.replace('_', '-'));
        await way.prepare?.(address);

        const response = await failingInserts(table, () => way.send(address));

        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({ message: way.unavailable });
        expect(await isListed(address)).toBe(way.listedBefore);
        expect(await invitationsTo(address)).toBe(way.listedBefore ? 1 : 0);
        expect(await auditOf(address)).toEqual([]);
        expect(await addedEvents(address)).toEqual([]);
      },
    );
  });

  describe('the add dialog’s send', () => {
    it('answers the whitelist state with the invitation', async () => {
      const address = fresh('answer');

      const response = await post('/api/email/early-access', { email: address });

      expect(response.statusCode).toBe(200);
      expect(response.json<EarlyAccessEmailResponse>()).toEqual({
        success: true,
        message: `Email sent to ${address}.`,
        messageId: expect.stringMatching(/^<.+@reelscore\.test>$/),
        isWhitelisted: true,
      });
      // (Another test's wave mail may still be arriving: only this address's counts.)
      expect(mailTo(address)).toHaveLength(1);
    });

    it('invites a listed address again: one audit entry, no second addition', async () => {
      const address = fresh('listed');
      await whitelisted(db(), address, new Date(Date.now() - DAY_MS));

      const response = await post('/api/email/early-access', { email: address });

      expect(response.statusCode).toBe(200);
      expect(response.json<EarlyAccessEmailResponse>().isWhitelisted).toBe(true);
      const rows = await db()
        .selectFrom('whitelist')
        .select('added_by')
        .where('email', '=', address)
        .execute();
      expect(rows).toEqual([{ added_by: 'fixture@reelscore.local' }]);
      expect(await auditOf(address)).toEqual([{ action: 'whitelist.invite', actor: ADMIN }]);
      expect(await addedEvents(address)).toEqual([]);
    });

    it('leaves the address on the whitelist, and says so, when the mail server refuses', async () => {
      const address = fresh('bounced');
      setup.smtp.reset('reject-550');

      const response = await post('/api/email/early-access', { email: address });

      expect(response.statusCode).toBe(502);
      const body = response.json<EarlyAccessEmailResponse>();
      expect(body).toMatchObject({ success: false, isWhitelisted: true });
      expect(body.message).toMatch(
        new RegExp(
          `${address.replace(/[.]/g, '\\.')} is on the whitelist, without the invitation\\.$`,
        ),
      );
      expect(await isListed(address)).toBe(true);
      expect(await auditOf(address)).toEqual([{ action: 'whitelist.invite', actor: ADMIN }]);
    });

    it.each([
      ['/api/email/early-access', { isWhitelisted: false }],
      ['/api/email/test', {}],
    ] as const)(
      '%s refuses an unsubscribed or erased address before anything changes',
      async (url, extra) => {
        const unsubscribed = fresh('unsubscribed');
        await markUnsubscribed(db(), unsubscribed);
        const erased = fresh('erased');
        await signedUp(db(), erased, new Date());
        const erasure = await post('/api/admin/data/erase', { email: erased });
        expect(erasure.statusCode).toBe(200);

        for (const [address, message] of [
          [unsubscribed, UNSUBSCRIBED_MESSAGE],
          [erased, ERASED_MESSAGE],
        ] as const) {
          const response = await post(url, {
            email: address,
            templateType: earlyAccessInvitation.id,
          });
          expect(response.statusCode, address).toBe(409);
          expect(response.json(), address).toEqual({ success: false, message, ...extra });
          expect(await isListed(address)).toBe(false);
          expect(await invitationsTo(address)).toBe(0);
          expect(await auditOf(address)).toEqual([]);
          expect(mailTo(address)).toEqual([]);
        }
      },
    );
  });

  it('does not send an invitation whose address left the whitelist before the mail left', async () => {
    const address = fresh('removed');
    const later = new Date(Date.now() + 60 * 60_000);
    // Queued for later, as a wave's mail waits behind others.
    await db()
      .transaction()
      .execute((trx) =>
        inviteWaveMembers(trx, [address], {
          wave: {
            id: crypto.randomUUID(),
            kind: 'invite',
            requestedCount: 1,
            createdBy: ADMIN,
            now: later,
          },
          alreadyListed: 'skip',
        }),
      );
    const removed = await app().inject({
      method: 'DELETE',
      url: '/api/admin/whitelist/remove',
      headers: setup.headers,
      payload: { email: address },
    });
    expect(removed.statusCode).toBe(200);

    await db()
      .updateTable('mail_outbox')
      .set({ next_attempt_at: new Date().toISOString() })
      .where('to_address', '=', address)
      .execute();
    app().mailer.nudge();
    let row;
    for (let waited = 0; waited < 200; waited++) {
      row = await db()
        .selectFrom('mail_outbox')
        .select(['status', 'last_error'])
        .where('to_address', '=', address)
        .executeTakeFirstOrThrow();
      if (row.status !== 'queued' && row.status !== 'sending') break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }

    expect(row).toEqual({ status: 'suppressed', last_error: 'not whitelisted' });
    expect(mailTo(address)).toEqual([]);
  });
});
