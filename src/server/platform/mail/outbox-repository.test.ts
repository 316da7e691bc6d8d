import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { migratedTestDatabase, type MigratedTestDatabase } from '../../test/migrated-database.ts';
import {
  enqueueMail,
  finishLeasedMail,
  findOutboxMail,
  leaseDueMail,
  outboxCounts,
  retryDeadMail,
} from './outbox-repository.ts';

const kinds = await testDatabaseKinds();

describe.each(kinds)('the mail outbox on $name', (kind) => {
  let migrated: MigratedTestDatabase;
  let handle: DatabaseHandle;
  const db = () => handle.db;

  beforeAll(async () => {
    migrated = await migratedTestDatabase(kind);
    handle = migrated.handle;
  });
  afterAll(() => migrated.close());
  beforeEach(() => db().deleteFrom('mail_outbox').execute());

  it('queues a message with its transaction, and not at all when the transaction fails', async () => {
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await enqueueMail(trx, { to: 'a@example.com', template: 't', requestedBy: 'system' });
          throw new Error('the change failed');
        }),
    ).rejects.toThrow('the change failed');
    expect((await outboxCounts(db())).queued).toBe(0);
    const { id } = await db()
      .transaction()
      .execute((trx) =>
        enqueueMail(trx, {
          to: 'a@example.com',
          template: 't',
          params: { signupId: 's1' },
          requestedBy: 'system',
        }),
      );
    const row = await findOutboxMail(db(), id);
    expect(row).toMatchObject({ status: 'queued', to_address: 'a@example.com', rounds: 0 });
    expect(JSON.parse(row!.params)).toEqual({ signupId: 's1' });
  });

  it('queues one message per dedupe key', async () => {
    const message = { to: 'a@example.com', template: 't', requestedBy: 'system', dedupeKey: 'k' };
    const first = await enqueueMail(db(), message);
    const second = await enqueueMail(db(), message);
    expect(first.queued).toBe(true);
    expect(second).toEqual({ id: first.id, queued: false });
    expect((await outboxCounts(db())).queued).toBe(1);
  });

  it('leases due messages only, oldest first, and counts the attempt', async () => {
    const now = new Date();
    const later = new Date(now.getTime() + 60_000);
    const a = await enqueueMail(db(), {
      to: 'a@x.com',
      template: 't',
      requestedBy: 's',
      at: new Date(now.getTime() - 2000),
    });
    const b = await enqueueMail(db(), {
      to: 'b@x.com',
      template: 't',
      requestedBy: 's',
      at: new Date(now.getTime() - 1000),
    });
    await enqueueMail(db(), { to: 'c@x.com', template: 't', requestedBy: 's', at: later });
    const leased = await leaseDueMail(db(), 'w1', { limit: 10, leaseMs: 30_000, now });
    expect(leased.map((row) => row.id)).toEqual([a.id, b.id]);
    expect(leased.every((row) => row.status === 'sending' && row.rounds === 1)).toBe(true);
    expect(await leaseDueMail(db(), 'w2', { limit: 10, leaseMs: 30_000, now })).toEqual([]);
  });

  it('gives a message whose worker died to another once the lease runs out; the first cannot finish it', async () => {
    const now = new Date();
    const { id } = await enqueueMail(db(), {
      to: 'a@x.com',
      template: 't',
      requestedBy: 's',
      at: now,
    });
    await leaseDueMail(db(), 'dead-worker', { limit: 1, leaseMs: 1000, now });
    const later = new Date(now.getTime() + 1001);
    const [retaken] = await leaseDueMail(db(), 'w2', { limit: 1, leaseMs: 1000, now: later });
    expect(retaken).toMatchObject({ id, leased_by: 'w2', rounds: 2 });
    expect(await finishLeasedMail(db(), id, 'dead-worker', { status: 'sent' })).toBe(false);
    expect(await finishLeasedMail(db(), id, 'w2', { status: 'sent', smtpResponse: '250 OK' })).toBe(
      true,
    );
    expect(await findOutboxMail(db(), id)).toMatchObject({
      status: 'sent',
      smtp_response: '250 OK',
    });
  });

  it('puts a retry back in the queue for its time, and a dead message back on request', async () => {
    const now = new Date();
    const { id } = await enqueueMail(db(), {
      to: 'a@x.com',
      template: 't',
      requestedBy: 's',
      at: now,
    });
    await leaseDueMail(db(), 'w', { limit: 1, leaseMs: 1000, now });
    const retryAt = new Date(now.getTime() + 5000);
    await finishLeasedMail(db(), id, 'w', {
      status: 'retry',
      attempts: 3,
      error: '451',
      nextAttemptAt: retryAt,
    });
    expect(await leaseDueMail(db(), 'w', { limit: 1, leaseMs: 1000, now })).toEqual([]);
    await leaseDueMail(db(), 'w', { limit: 1, leaseMs: 1000, now: retryAt });
    await finishLeasedMail(db(), id, 'w', {
      status: 'dead',
      attempts: 1,
      error: '550 no such user',
    });
    expect(await findOutboxMail(db(), id)).toMatchObject({
      status: 'dead',
      attempts: 4,
      rounds: 2,
      last_error: '550 no such user',
    });
    expect(await retryDeadMail(db(), [id])).toBe(1);
    expect(await findOutboxMail(db(), id)).toMatchObject({ status: 'queued', rounds: 0 });
  });

  it('takes expired leases and queued mail in one order, the limit counting both', async () => {
    const now = new Date();
    const queue = (to: string, offset: number, urgent = false) =>
      enqueueMail(db(), {
        to,
        template: 't',
        requestedBy: urgent ? 'admin@x.com' : 'system',
        urgent,
        at: new Date(now.getTime() + offset),
      });
    const stalled = await queue('stalled@x.com', 0);
    await leaseDueMail(db(), 'dead-worker', { limit: 1, leaseMs: 1000, now });
    const queued = [];
    for (let n = 1; n <= 4; n++) queued.push(await queue(`q${n}@x.com`, n));
    const urgent = await queue('urgent@x.com', 5, true);
    const later = new Date(now.getTime() + 2000);
    const lease = async (limit: number) =>
      (await leaseDueMail(db(), 'w', { limit, leaseMs: 1000, now: later })).map((row) => row.id);
    expect(await lease(3)).toEqual([urgent.id, stalled.id, queued[0]!.id]);
    expect(await lease(2)).toEqual([queued[1]!.id, queued[2]!.id]);
    expect(await lease(10)).toEqual([queued[3]!.id]);
    expect(await lease(10)).toEqual([]);
  });

  it('leases mail someone waits for before older background mail', async () => {
    const now = new Date();
    for (let n = 0; n < 30; n++) {
      await enqueueMail(db(), {
        to: `wave${n}@x.com`,
        template: 't',
        requestedBy: 'system',
        at: new Date(now.getTime() - 60_000 + n),
      });
    }
    const urgent = await enqueueMail(db(), {
      to: 'admin-test@x.com',
      template: 't',
      requestedBy: 'admin@x.com',
      urgent: true,
      at: now,
    });
    const [first] = await leaseDueMail(db(), 'w', { limit: 5, leaseMs: 1000, now });
    expect(first?.id).toBe(urgent.id);
  });

  it('never leases one message to two workers leasing at the same time', async () => {
    const now = new Date(Date.now() - 1000);
    for (let n = 0; n < 200; n++) {
      await enqueueMail(db(), { to: `p${n}@x.com`, template: 't', requestedBy: 's', at: now });
    }
    const workers = Array.from({ length: 6 }, (_, n) => `w${n}`);
    const leased = await Promise.all(
      workers.map(async (worker) => {
        const ids: string[] = [];
        for (;;) {
          const rows = await leaseDueMail(db(), worker, { limit: 7, leaseMs: 60_000 });
          if (rows.length === 0) return ids;
          ids.push(...rows.map((row) => row.id));
        }
      }),
    );
    const all = leased.flat();
    expect(all).toHaveLength(200);
    expect(new Set(all).size).toBe(200);
  });
});
