import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { migratedTestDatabase, type MigratedTestDatabase } from '../../test/migrated-database.ts';
import { leaseDueDeliveries } from './webhook-repository.ts';

const kinds = await testDatabaseKinds();

describe.each(kinds)('webhook delivery leases on $name', (kind) => {
  let migrated: MigratedTestDatabase;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    migrated = await migratedTestDatabase(kind);
    handle = migrated.handle;
  });
  afterAll(() => migrated.close());

  it('take expired leases and due deliveries in one order by time, the limit counting both, and never one not yet due', async () => {
    const now = new Date('2026-11-27T12:00:00.000Z');
    const at = (seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString();
    await handle.db
      .insertInto('webhook_endpoints')
      .values({
        id: 'endpoint',
        url: 'http://127.0.0.1:9/hook',
        secret: 'whsec_c2VjcmV0',
        events: '["signup.created"]',
        origin: 'dashboard',
        created_by: 'admin@example.com',
        created_at: now.toISOString(),
        disabled_at: null,
      })
      .execute();
    const delivery = (id: string, fields: { next: number; lease?: number }) => ({
      id,
      endpoint_id: 'endpoint',
      event_type: 'signup.created',
      subject: `${id}@example.com`,
      payload: '{}',
      status: fields.lease === undefined ? ('queued' as const) : ('sending' as const),
      next_attempt_at: at(fields.next),
      lease_until: fields.lease === undefined ? null : at(fields.lease),
      leased_by: fields.lease === undefined ? null : 'stopped-worker',
      last_status: null,
      last_error: null,
      last_attempt_at: null,
      created_at: now.toISOString(),
      finished_at: null,
    });
    await handle.db
      .insertInto('webhook_deliveries')
      .values([
        delivery('d3-queued', { next: -3 }),
        delivery('d1-expired', { next: -5, lease: -1 }),
        delivery('d2-queued', { next: -4 }),
        delivery('d4-held', { next: -2, lease: 60 }),
        delivery('d5-queued', { next: -1 }),
        delivery('d6-later', { next: 30 }),
      ])
      .execute();
    const lease = async (limit: number) =>
      (await leaseDueDeliveries(handle.db, 'worker', { limit, leaseMs: 30_000, now })).map(
        (row) => row.id,
      );
    expect(await lease(2)).toEqual(['d1-expired', 'd2-queued']);
    expect(await lease(5)).toEqual(['d3-queued', 'd5-queued']);
    expect(await lease(5)).toEqual([]);
  });
});
