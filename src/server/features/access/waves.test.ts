import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  selectionChangedMessage,
  type BulkPreviewResponse,
  type BulkWhitelistResponse,
  type FunnelResponse,
  type RetryWaveResponse,
  type Wave,
  type WavePreviewResponse,
  type WaveResponse,
  type WavesResponse,
} from '../../../contract/waves.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import {
  invited as invitationSent,
  minute,
  registered,
  signedUp,
  whitelisted,
} from '../../test/admin-test-data.ts';
import { adminHeaders } from '../../test/admin-session.ts';
import { startMailTestSetup, type MailTestSetup } from '../../test/email-test-app.ts';
import { earlyAccessInvitation } from './early-access-invitation-mail.ts';
import { setBoost } from '../../platform/line/line.ts';
import { inviteWaveMembers, waveDedupeKey } from './wave-repository.ts';

const kinds = await testDatabaseKinds();
const ADMIN = 'curator@example.com';
const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(kinds)('bulk changes, waves and the funnel on $name', (kind) => {
  let setup: MailTestSetup;
  const app = () => setup.testApp.app;
  const db = () => app().database.db;

  function call(method: 'GET' | 'POST', url: string, payload?: unknown) {
    return app().inject({
      method,
      url,
      headers: setup.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  async function person(
    email: string,
    at: Date,
    { confirmed = true, program = 'CLOSED_ALPHA', source = 'general' } = {},
  ) {
    await signedUp(db(), email, at, { program, source });
    if (confirmed) {
      await db()
        .updateTable('signups')
        .set({ confirmed_at: at.toISOString() })
        .where('email', '=', email)
        .execute();
    }
  }

  const whitelist = async () =>
    (await db().selectFrom('whitelist').select('email').orderBy('email').execute()).map(
      (row) => row.email,
    );
  const audits = (action: string) =>
    db()
      .selectFrom('audit_log')
      .select(['actor', 'target'])
      .where('action', '=', action)
      .orderBy('target')
      .execute();
  const invitations = () =>
    db()
      .selectFrom('mail_outbox')
      .select(['to_address', 'dedupe_key', 'priority', 'requested_by', 'status'])
      .where('template', '=', earlyAccessInvitation.id)
      .orderBy('to_address')
      .execute();

  /** Waits (bounded) until no mail of the wave is waiting any more. */
  async function settled(id: string): Promise<Wave> {
    for (let waited = 0; waited < 400; waited++) {
      const wave = (await call('GET', `/api/admin/waves/${id}/progress`)).json<WaveResponse>().wave;
      if (wave.progress.queued === 0) return wave;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`wave ${id} still has queued mail`);
  }

  beforeAll(async () => {
    setup = await startMailTestSetup(kind, [ADMIN]);
  });
  afterAll(() => setup.close());
  beforeEach(async () => {
    setup.smtp.reset('accept');
    for (const table of [
      'wave_members',
      'invite_waves',
      'mail_outbox',
      'audit_log',
      'whitelist',
      'app_users',
      'signups',
    ] as const) {
      await db().deleteFrom(table).execute();
    }
  });

  describe('bulk whitelist changes', () => {
    it('previews the exact count of "all matching", then adds each address, audited', async () => {
      await person('ann@example.com', minute(1));
      await person('bob@example.com', minute(2));
      await person('cy@elsewhere.org', minute(3));
      await person('dee@example.com', minute(4), { confirmed: false });
      await whitelisted(db(), 'bob@example.com', minute(5));
      const selection = { matching: { search: 'example.com', confirmation: 'confirmed' } };

      const preview = await call('POST', '/api/admin/whitelist/bulk/preview', {
        action: 'add',
        selection,
      });
      expect(preview.statusCode).toBe(200);
      expect(preview.json<BulkPreviewResponse>()).toEqual({
        count: 2,
        changes: 1,
        sample: ['ann@example.com', 'bob@example.com'],
      });

      const done = await call('POST', '/api/admin/whitelist/bulk', {
        action: 'add',
        selection,
        expectedCount: 2,
      });
      expect(done.statusCode).toBe(200);
      expect(done.json<BulkWhitelistResponse>()).toEqual({ count: 2, changed: 1, wave: null });
      expect(await whitelist()).toEqual(['ann@example.com', 'bob@example.com']);
      expect(await audits('whitelist.add')).toEqual([{ actor: ADMIN, target: 'ann@example.com' }]);
      expect(await invitations()).toEqual([]);
    });

    it('selects exactly what the list filters keep: programme, whitelist state and dates', async () => {
      await person('beta-old@example.com', minute(1), { program: 'BETA' });
      await person('beta-new@example.com', minute(3 * 24 * 60), { program: 'BETA' });
      await person('beta-listed@example.com', minute(3 * 24 * 60), { program: 'BETA' });
      await person('alpha@example.com', minute(3 * 24 * 60));
      await whitelisted(db(), 'beta-listed@example.com', minute(5));
      const matching = { type: 'BETA', whitelisted: 'false', from: '2026-01-02' };

      const listed = await call('GET', `/api/admin/signups?${new URLSearchParams(matching)}`);
      const preview = await call('POST', '/api/admin/whitelist/bulk/preview', {
        action: 'add',
        selection: { matching },
      });

      expect(
        listed.json<{ signups: { email: string }[] }>().signups.map((row) => row.email),
      ).toEqual(['beta-new@example.com']);
      expect(preview.json<BulkPreviewResponse>()).toEqual({
        count: 1,
        changes: 1,
        sample: ['beta-new@example.com'],
      });
    });

    it('refuses with 409 when the count changed since the preview, and changes nothing', async () => {
      await person('ann@example.com', minute(1));
      await person('bob@example.com', minute(2));

      const response = await call('POST', '/api/admin/whitelist/bulk', {
        action: 'add',
        selection: { matching: {} },
        expectedCount: 3,
      });

      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: selectionChangedMessage(2, 3) });
      expect(await whitelist()).toEqual([]);
      expect(await audits('whitelist.add')).toEqual([]);
    });

    it('adds selected rows with the invitation: one mail each, followed as a wave', async () => {
      await whitelisted(db(), 'kept@example.com', minute(1));
      const emails = ['New@Example.com', 'new@example.com ', 'kept@example.com', 'two@example.com'];

      const preview = await call('POST', '/api/admin/whitelist/bulk/preview', {
        action: 'add',
        selection: { emails },
      });
      expect(preview.json<BulkPreviewResponse>()).toMatchObject({ count: 3, changes: 2 });
      const done = await call('POST', '/api/admin/whitelist/bulk', {
        action: 'add',
        invite: true,
        selection: { emails },
        expectedCount: 3,
      });

      const body = done.json<BulkWhitelistResponse>();
      expect(body).toMatchObject({ count: 3, changed: 2 });
      expect(body.wave).toMatchObject({ kind: 'bulk', requestedCount: 3, memberCount: 2 });
      const rows = await invitations();
      expect(rows.map((row) => [row.to_address, row.dedupe_key, row.priority])).toEqual([
        ['new@example.com', waveDedupeKey(body.wave!.id, 'new@example.com'), 1],
        ['two@example.com', waveDedupeKey(body.wave!.id, 'two@example.com'), 1],
      ]);
      const wave = await settled(body.wave!.id);
      expect(wave.progress).toEqual({ queued: 0, sent: 2, failed: 0, suppressed: 0 });
      expect(setup.smtp.received.map((mail) => mail.envelopeTo).sort()).toEqual([
        ['new@example.com'],
        ['two@example.com'],
      ]);
    });

    it('removes every matching address, each removal audited', async () => {
      for (const [index, email] of ['a@x.org', 'b@x.org', 'c@y.org'].entries()) {
        await person(email, minute(index));
        await whitelisted(db(), email, minute(10));
      }

      const preview = await call('POST', '/api/admin/whitelist/bulk/preview', {
        action: 'remove',
        selection: { matching: { search: 'x.org' } },
      });
      expect(preview.json<BulkPreviewResponse>()).toMatchObject({ count: 2, changes: 2 });
      const done = await call('POST', '/api/admin/whitelist/bulk', {
        action: 'remove',
        selection: { matching: { search: 'x.org' } },
        expectedCount: 2,
      });

      expect(done.json<BulkWhitelistResponse>()).toEqual({ count: 2, changed: 2, wave: null });
      expect(await whitelist()).toEqual(['c@y.org']);
      expect(await audits('whitelist.remove')).toEqual([
        { actor: ADMIN, target: 'a@x.org' },
        { actor: ADMIN, target: 'b@x.org' },
      ]);
    });

    it('queues one webhook event per address added or removed', async () => {
      await db()
        .insertInto('webhook_endpoints')
        .values({
          id: 'endpoint-1',
          url: 'https://hooks.example.com/in',
          secret: 'whsec_c2VjcmV0',
          events: JSON.stringify(['whitelist.added', 'whitelist.removed']),
          origin: 'dashboard',
          created_by: ADMIN,
          created_at: new Date().toISOString(),
          disabled_at: null,
        })
        .execute();
      try {
        const emails = ['hook-a@example.com', 'hook-b@example.com'];
        for (const action of ['add', 'remove']) {
          await call('POST', '/api/admin/whitelist/bulk', {
            action,
            selection: { emails },
            expectedCount: 2,
          });
        }
        const events = await db()
          .selectFrom('webhook_deliveries')
          .select(['event_type', 'subject'])
          .orderBy('event_type')
          .orderBy('subject')
          .execute();
        expect(events).toEqual([
          { event_type: 'whitelist.added', subject: 'hook-a@example.com' },
          { event_type: 'whitelist.added', subject: 'hook-b@example.com' },
          { event_type: 'whitelist.removed', subject: 'hook-a@example.com' },
          { event_type: 'whitelist.removed', subject: 'hook-b@example.com' },
        ]);
      } finally {
        await db().deleteFrom('webhook_deliveries').execute();
        await db().deleteFrom('webhook_endpoints').execute();
      }
    });

    it('handles more addresses than one batch, each one changed and audited once', async () => {
      const emails = Array.from({ length: 1000 }, (_, index) => `p${index}@bulk.example`);

      const done = await call('POST', '/api/admin/whitelist/bulk', {
        action: 'add',
        selection: { emails },
        expectedCount: 1000,
      });

      expect(done.json<BulkWhitelistResponse>()).toMatchObject({ count: 1000, changed: 1000 });
      expect((await whitelist()).length).toBe(1000);
      expect((await audits('whitelist.add')).length).toBe(1000);
    });

    it.each([
      ['invite with remove', { action: 'remove', invite: true, selection: { emails: ['a@b.co'] } }],
      ['no selection', { action: 'add', selection: {} }],
      ['a bad address', { action: 'add', selection: { emails: ['not-an-address'] } }],
      ['an unknown action', { action: 'erase', selection: { emails: ['a@b.co'] } }],
      ['a bad filter', { action: 'add', selection: { matching: { confirmation: 'maybe' } } }],
    ])('refuses %s with 400 and changes nothing', async (_name, body) => {
      const response = await call('POST', '/api/admin/whitelist/bulk', {
        ...body,
        expectedCount: 1,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: expect.any(String) });
      expect(await whitelist()).toEqual([]);
    });
  });

  describe('invite waves', () => {
    it('selects the next people in line (confirmed, not whitelisted), first first, by type and source', async () => {
      // The line is the order of signup (the order below), moved forward by credited referrals.
      await person('first@example.com', minute(3));
      await person('pending@example.com', minute(0), { confirmed: false });
      await person('listed@example.com', minute(0));
      await whitelisted(db(), 'listed@example.com', minute(0));
      await person('second@example.com', minute(1), { source: 'hero-top' });
      await person('third@example.com', minute(2));
      await person('beta@example.com', minute(0), { program: 'BETA' });

      const all = await call('POST', '/api/admin/waves/preview', { kind: 'invite', count: 3 });
      expect(all.json<WavePreviewResponse>()).toEqual({
        count: 3,
        sample: ['first@example.com', 'second@example.com', 'third@example.com'],
      });
      // Moved two places forward (two credited referrals at one place each, say).
      const beta = await db()
        .selectFrom('signups')
        .select('id')
        .where('email', '=', 'beta@example.com')
        .executeTakeFirstOrThrow();
      await setBoost(db(), beta.id, 2);
      const moved = await call('POST', '/api/admin/waves/preview', { kind: 'invite', count: 3 });
      expect(moved.json<WavePreviewResponse>().sample).toEqual([
        'first@example.com',
        'beta@example.com',
        'second@example.com',
      ]);
      const alpha = await call('POST', '/api/admin/waves/preview', {
        kind: 'invite',
        count: 10,
        type: 'CLOSED_ALPHA',
      });
      expect(alpha.json<WavePreviewResponse>()).toEqual({
        count: 3,
        sample: ['first@example.com', 'second@example.com', 'third@example.com'],
      });
      const hero = await call('POST', '/api/admin/waves/preview', {
        kind: 'invite',
        count: 10,
        source: 'hero-top',
      });
      expect(hero.json<WavePreviewResponse>()).toEqual({
        count: 1,
        sample: ['second@example.com'],
      });
    });

    it('whitelists the wave, queues one invitation each, and shows its progress', async () => {
      for (let index = 0; index < 5; index++) await person(`p${index}@example.com`, minute(index));

      const created = await call('POST', '/api/admin/waves', {
        kind: 'invite',
        count: 3,
        expectedCount: 3,
      });

      expect(created.statusCode).toBe(201);
      const { wave } = created.json<WaveResponse>();
      expect(wave).toMatchObject({
        kind: 'invite',
        requestedCount: 3,
        memberCount: 3,
        createdBy: ADMIN,
        type: null,
        source: null,
      });
      expect(await whitelist()).toEqual(['p0@example.com', 'p1@example.com', 'p2@example.com']);
      expect(await audits('whitelist.add')).toEqual([]);
      expect((await audits('whitelist.invite')).map((row) => row.target)).toEqual([
        'p0@example.com',
        'p1@example.com',
        'p2@example.com',
      ]);
      expect((await invitations()).map((row) => [row.dedupe_key, row.requested_by])).toEqual(
        ['p0', 'p1', 'p2'].map((name) => [waveDedupeKey(wave.id, `${name}@example.com`), ADMIN]),
      );
      expect((await settled(wave.id)).progress).toEqual({
        queued: 0,
        sent: 3,
        failed: 0,
        suppressed: 0,
      });
      const list = (await call('GET', '/api/admin/waves')).json<WavesResponse>();
      expect(list.waves.map((entry) => entry.id)).toEqual([wave.id]);
      // The next wave takes the next people.
      const next = await call('POST', '/api/admin/waves/preview', { kind: 'invite', count: 10 });
      expect(next.json<WavePreviewResponse>().sample).toEqual(['p3@example.com', 'p4@example.com']);
    });

    it('refuses with 409 when the count changed, and mails nobody', async () => {
      await person('only@example.com', minute(1));

      const response = await call('POST', '/api/admin/waves', {
        kind: 'invite',
        count: 5,
        expectedCount: 2,
      });

      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: selectionChangedMessage(1, 2) });
      expect(await whitelist()).toEqual([]);
      expect(await invitations()).toEqual([]);
    });

    it('retries only the failed mail: nobody gets the invitation twice', async () => {
      for (let index = 0; index < 3; index++) await person(`r${index}@example.com`, minute(index));
      setup.smtp.reset('reject-550');
      const { wave } = (
        await call('POST', '/api/admin/waves', { kind: 'invite', count: 2, expectedCount: 2 })
      ).json<WaveResponse>();
      expect((await settled(wave.id)).progress).toEqual({
        queued: 0,
        sent: 0,
        failed: 2,
        suppressed: 0,
      });

      setup.smtp.reset('accept');
      const retried = await call('POST', `/api/admin/waves/${wave.id}/retry`);
      expect(retried.json<RetryWaveResponse>().retried).toBe(2);
      expect((await settled(wave.id)).progress).toMatchObject({ sent: 2, failed: 0 });
      const again = await call('POST', `/api/admin/waves/${wave.id}/retry`);
      expect(again.json<RetryWaveResponse>().retried).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 200));

      expect(setup.smtp.received.map((mail) => mail.envelopeTo[0]).sort()).toEqual([
        'r0@example.com',
        'r1@example.com',
      ]);
      expect((await audits('mail.retry')).map((row) => row.target)).toEqual([
        'r0@example.com',
        'r1@example.com',
      ]);
      expect((await invitations()).length).toBe(2);
    });

    it('queues each mail of a wave once, however often a batch is run again', async () => {
      const waveId = '01900000-0000-7000-8000-000000000001';
      const wave = {
        id: waveId,
        kind: 'reminder' as const,
        requestedCount: 2,
        createdBy: ADMIN,
        now: new Date(),
      };
      const ids = [];
      for (let run = 0; run < 2; run++) {
        await db()
          .transaction()
          .execute((trx) =>
            inviteWaveMembers(trx, ['a@x.org', 'b@x.org'], { wave, alreadyListed: 'invite' }),
          );
        ids.push(
          await db()
            .selectFrom('wave_members')
            .select(['email', 'outbox_id'])
            .where('wave_id', '=', waveId)
            .orderBy('email')
            .execute(),
        );
      }

      expect(ids[1]).toEqual(ids[0]);
      expect((await invitations()).map((row) => row.dedupe_key)).toEqual([
        waveDedupeKey(waveId, 'a@x.org'),
        waveDedupeKey(waveId, 'b@x.org'),
      ]);
    });

    it('forgets an erased person: no member row names them, the wave counts the others', async () => {
      await person('stays@example.com', minute(1));
      await person('erased@example.com', minute(2));
      const { wave } = (
        await call('POST', '/api/admin/waves', { kind: 'invite', count: 2, expectedCount: 2 })
      ).json<WaveResponse>();
      await settled(wave.id);

      const erased = await call('POST', '/api/admin/data/erase', { email: 'erased@example.com' });

      expect(erased.statusCode).toBe(200);
      const members = await db().selectFrom('wave_members').select('email').execute();
      expect(members).toEqual([{ email: 'stays@example.com' }]);
      const after = (
        await call('GET', `/api/admin/waves/${wave.id}/progress`)
      ).json<WaveResponse>();
      expect(after.wave).toMatchObject({ memberCount: 1, progress: { sent: 1, queued: 0 } });
    });

    it('answers 404 for an unknown wave and 400 for a malformed id', async () => {
      const unknown = '00000000-0000-7000-8000-000000000000';
      expect((await call('GET', `/api/admin/waves/${unknown}/progress`)).statusCode).toBe(404);
      expect((await call('POST', `/api/admin/waves/${unknown}/retry`)).statusCode).toBe(404);
      expect((await call('GET', '/api/admin/waves/nope/progress')).statusCode).toBe(400);
    });

    it.each([
      ['no count', { kind: 'invite' }],
      ['count 0', { kind: 'invite', count: 0 }],
      ['a huge count', { kind: 'invite', count: 1_000_000 }],
      ['an unknown kind', { kind: 'blast', count: 1 }],
      ['a reminder without days', { kind: 'reminder', count: 1 }],
    ])('refuses a preview with %s: 400', async (_name, body) => {
      const response = await call('POST', '/api/admin/waves/preview', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: expect.any(String) });
    });
  });

  describe('reminder waves', () => {
    /** An invitation delivered `daysAgo` days ago. */
    async function invited(email: string, daysAgo: number) {
      const at = new Date(Date.now() - daysAgo * DAY_MS);
      await person(email, new Date(at.getTime() - DAY_MS));
      await whitelisted(db(), email, at);
      await invitationSent(db(), email, at, ADMIN);
    }

    it('reminds those invited N days ago or more who have not registered, once per period', async () => {
      await invited('old@example.com', 10);
      await invited('older@example.com', 20);
      await invited('recent@example.com', 2);
      await invited('joined@example.com', 10);
      await registered(db(), 'joined@example.com', new Date());
      await person('never@example.com', minute(1));
      await whitelisted(db(), 'never@example.com', new Date(Date.now() - 30 * DAY_MS));

      const preview = await call('POST', '/api/admin/waves/preview', {
        kind: 'reminder',
        days: 7,
        count: 100,
      });
      expect(preview.json<WavePreviewResponse>()).toEqual({
        count: 2,
        sample: ['older@example.com', 'old@example.com'],
      });
      const created = await call('POST', '/api/admin/waves', {
        kind: 'reminder',
        days: 7,
        count: 100,
        expectedCount: 2,
      });
      const { wave } = created.json<WaveResponse>();
      expect(wave).toMatchObject({ kind: 'reminder', days: 7, memberCount: 2 });
      expect((await settled(wave.id)).progress).toMatchObject({ sent: 2 });
      expect(setup.smtp.received.map((mail) => mail.envelopeTo[0]).sort()).toEqual([
        'old@example.com',
        'older@example.com',
      ]);

      // Reminded now: not again within the period.
      const after = await call('POST', '/api/admin/waves/preview', {
        kind: 'reminder',
        days: 7,
        count: 100,
      });
      expect(after.json<WavePreviewResponse>()).toEqual({ count: 0, sample: [] });
    });
  });

  describe('viewers', () => {
    it('may follow waves and read the funnel, and are refused every change', async () => {
      await person('seen@example.com', minute(1));
      app().config.viewerEmails = new Set(['viewer@example.com']);
      const { headers } = await adminHeaders(app(), 'viewer@example.com');
      const as = (method: 'GET' | 'POST', url: string, payload?: object) =>
        app().inject({ method, url, headers, ...(payload ? { payload } : {}) });

      for (const url of ['/api/admin/waves', '/api/admin/funnel']) {
        expect((await as('GET', url)).statusCode, url).toBe(200);
      }
      const changes: [string, object][] = [
        ['/api/admin/waves/preview', { kind: 'invite', count: 1 }],
        ['/api/admin/waves', { kind: 'invite', count: 1, expectedCount: 1 }],
        ['/api/admin/whitelist/bulk/preview', { action: 'add', selection: { matching: {} } }],
        [
          '/api/admin/whitelist/bulk',
          { action: 'add', selection: { matching: {} }, expectedCount: 1 },
        ],
      ];
      for (const [url, payload] of changes) {
        expect((await as('POST', url, payload)).statusCode, url).toBe(403);
      }
      expect(await whitelist()).toEqual([]);
      expect(await invitations()).toEqual([]);
    });
  });

  describe('the funnel', () => {
    it('counts signups per day by source and each stage with its conversion rate', async () => {
      const today = new Date();
      const yesterday = new Date(Date.now() - DAY_MS);
      await person('a@example.com', yesterday, { source: 'hero-top' });
      await person('b@example.com', today, { source: 'hero-top' });
      await person('c@example.com', today, { source: 'footer' });
      await person('d@example.com', today, { source: 'footer', confirmed: false });
      await person('old@example.com', new Date(Date.now() - 40 * DAY_MS));
      for (const email of ['a@example.com', 'b@example.com']) {
        await db()
          .insertInto('mail_outbox')
          .values({
            id: crypto.randomUUID(),
            to_address: email,
            template: earlyAccessInvitation.id,
            params: '{}',
            status: 'sent',
            max_rounds: 6,
            next_attempt_at: today.toISOString(),
            requested_by: ADMIN,
            dedupe_key: null,
            message_id: null,
            last_error: null,
            failure_message: null,
            smtp_response: null,
            lease_until: null,
            leased_by: null,
            created_at: today.toISOString(),
            finished_at: today.toISOString(),
          })
          .execute();
      }
      await registered(db(), 'a@example.com', today);

      const response = await call('GET', '/api/admin/funnel?days=7');

      expect(response.statusCode).toBe(200);
      const funnel = response.json<FunnelResponse>();
      expect(funnel.days).toHaveLength(7);
      expect(funnel.to).toBe(today.toISOString().slice(0, 10));
      expect(funnel.sources).toEqual(['footer', 'hero-top']);
      expect(funnel.days.at(-1)).toEqual({
        day: funnel.to,
        total: 3,
        bySource: { 'hero-top': 1, footer: 2 },
      });
      expect(funnel.days.at(-2)).toMatchObject({ total: 1, bySource: { 'hero-top': 1 } });
      expect(funnel.days[0]).toMatchObject({ total: 0, bySource: {} });
      expect(funnel.stages).toEqual([
        { stage: 'signedUp', count: 4, rate: null, overall: 1 },
        { stage: 'confirmed', count: 3, rate: 0.75, overall: 0.75 },
        { stage: 'invited', count: 2, rate: 2 / 3, overall: 0.5 },
        { stage: 'registered', count: 1, rate: 0.5, overall: 0.25 },
      ]);
    });

    it('answers an empty period with null rates, and refuses a bad period with 400', async () => {
      const empty = (await call('GET', '/api/admin/funnel')).json<FunnelResponse>();
      expect(empty.days).toHaveLength(30);
      expect(empty.stages.map((stage) => [stage.count, stage.rate])).toEqual([
        [0, null],
        [0, null],
        [0, null],
        [0, null],
      ]);
      for (const days of ['0', '366', 'x']) {
        expect((await call('GET', `/api/admin/funnel?days=${days}`)).statusCode).toBe(400);
      }
    });
  });
});
