import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/schema.ts';
import { uuidV7 } from '../../lib/uuid-v7.ts';
import { placeInLine, setBoost } from '../../platform/line/line.ts';
import { readPlaceToken } from '../../platform/links/place-link.ts';
import { markUnsubscribed } from '../../platform/mail/email-repository.ts';
import { renderMail, renderPreview } from '../../platform/mail/render-mail.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { startMailTestSetup, type MailTestSetup } from '../../test/email-test-app.ts';
import { movedUp, MOVED_UP_TEMPLATE_ID } from './moved-up-mail.ts';
import {
  MOVED_UP_SWEEP,
  movedUpDedupeKey,
  sweepMovedUp,
  type SweepCursor,
} from './moved-up-sweep.ts';

const kinds = await testDatabaseKinds();
const DAY_MS = 86_400_000;
const START = new Date('2026-06-01T09:00:00Z');
const at = (days: number) => new Date(START.getTime() + days * DAY_MS);

/** `count` people who confirmed at `confirmedAt`, in ticket order; returns their ids. */
async function addPeople(db: Kysely<Database>, prefix: string, count: number, confirmedAt: Date) {
  const ids: string[] = [];
  for (let n = 0; n < count; n += 1) {
    const id = uuidV7();
    await db
      .insertInto('signups')
      .values({
        id,
        email: `${prefix}-${n}@example.com`,
        program: 'CLOSED_ALPHA',
        source: 'general',
        created_at: confirmedAt.toISOString(),
        last_signup_at: confirmedAt.toISOString(),
        signup_count: 1,
        confirmed_at: confirmedAt.toISOString(),
      })
      .execute();
    ids.push(id);
  }
  return ids;
}

async function whitelist(db: Kysely<Database>, emails: string[]) {
  for (const email of emails) {
    await db
      .insertInto('whitelist')
      .values({ email, added_at: new Date().toISOString(), added_by: 'admin@example.com' })
      .execute();
  }
}

async function outboxOf(db: Kysely<Database>) {
  return db
    .selectFrom('mail_outbox')
    .select(['to_address', 'params', 'status', 'dedupe_key', 'last_error'])
    .where('template', '=', MOVED_UP_TEMPLATE_ID)
    .orderBy('created_at')
    .orderBy('to_address')
    .execute();
}

async function remembered(db: Kysely<Database>, id: string) {
  const row = await db
    .selectFrom('signups')
    .select(['moved_mail_place', 'moved_mail_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    place: row.moved_mail_place === null ? null : Number(row.moved_mail_place),
    at: row.moved_mail_at === null ? null : new Date(row.moved_mail_at).toISOString(),
  };
}

async function waitFor(check: () => boolean | Promise<boolean>, ms = 10_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Sweeps the whole line, `batch` people a round, and returns the rounds' totals. */
async function sweepAll(db: Kysely<Database>, now: Date, batch = 1000) {
  let cursor: SweepCursor | undefined;
  const totals = { rounds: 0, scanned: 0, queued: 0, recorded: 0 };
  do {
    const round = await sweepMovedUp(db, { cursor, batch, now });
    if (!round) throw new Error('the sweep was locked');
    totals.rounds += 1;
    totals.scanned += round.scanned;
    totals.queued += round.queued;
    totals.recorded += round.recorded;
    cursor = round.cursor;
  } while (cursor);
  return totals;
}

describe('the "you moved up" mail', () => {
  it('says the new place and the old one, links to the page, and reads without figures', async () => {
    const links = {
      publicUrl: 'https://reelscore.test',
      placeUrl: 'https://reelscore.test/place?token=abc',
    };
    const mail = await renderMail(movedUp, links, 'sam@example.com', {
      place: '1204',
      was: '1530',
      waiting: '20000',
    });
    expect(mail.subject).toBe('You moved up the ReelScore waitlist');
    expect(mail.text).toContain(
      'You are now number 1,204 of 20,000 people waiting, up from 1,530.',
    );
    expect(mail.html).toContain('You moved up to number 1,204');
    expect(mail.html).toMatch(
      /href="https:\/\/reelscore\.test\/place\?token=abc"[^>]*>[\s\S]*?See my place/,
    );
    expect(mail.text).toContain('at most once a week');
    // Sent by an admin from Email Testing, the row has no figures: the mail still reads.
    const bare = await renderMail(movedUp, links, 'sam@example.com', { place: 'x' });
    expect(bare.text).toContain('You have moved up the ReelScore waitlist since we last wrote.');
    expect(await renderPreview(movedUp, { publicUrl: 'https://reelscore.test' })).toContain(
      'number 412',
    );
  });

  it('is keyed once per person and week', () => {
    // Monday to Sunday share a key; the next Monday has its own.
    const monday = new Date('2026-06-01T00:00:00Z');
    const sunday = new Date('2026-06-07T23:59:59Z');
    expect(movedUpDedupeKey('a', monday)).toBe(movedUpDedupeKey('a', sunday));
    expect(movedUpDedupeKey('a', at(7))).not.toBe(movedUpDedupeKey('a', monday));
    expect(movedUpDedupeKey('a', monday)).not.toBe(movedUpDedupeKey('b', monday));
  });
});

describe.each(kinds)('the moved-up sweep on $name', (kind) => {
  let setup: MailTestSetup;
  let app: FastifyInstance;
  let db: Kysely<Database>;

  beforeAll(async () => {
    setup = await startMailTestSetup(kind, ['admin@example.com']);
    app = setup.testApp.app;
    db = app.database.db;
    // These tests sweep at times of their own: the app's own rounds stand aside.
    app.config.movedUpMail = false;
  });
  afterAll(async () => {
    await setup.close();
  });

  it('mails people who moved up, once a week at most, through the outbox with List-Unsubscribe', async () => {
    const ids = await addPeople(db, 'up', 6, at(-10));
    // First pass: every place is remembered, nobody is mailed (nobody moved yet).
    expect(await sweepAll(db, at(0))).toMatchObject({ scanned: 6, queued: 0, recorded: 6 });
    expect(await remembered(db, ids[5]!)).toEqual({ place: 6, at: null });

    // Two people ahead are invited; one person turned the mail off, one unsubscribed.
    await whitelist(db, ['up-0@example.com', 'up-1@example.com']);
    await db.updateTable('signups').set({ moved_mail_off: 1 }).where('id', '=', ids[4]!).execute();
    await markUnsubscribed(db, 'up-3@example.com');
    expect(await sweepAll(db, at(0))).toMatchObject({ scanned: 4, queued: 3, recorded: 0 });
    const queued = await outboxOf(db);
    expect(queued.map((row) => row.to_address)).toEqual([
      'up-2@example.com',
      'up-3@example.com',
      'up-5@example.com',
    ]);
    expect(JSON.parse(queued[0]!.params)).toEqual({
      signupId: ids[2],
      place: '1',
      was: '3',
      waiting: '4',
    });
    expect(queued[0]!.dedupe_key).toBe(movedUpDedupeKey(ids[2]!, at(0)));
    expect(await remembered(db, ids[2]!)).toEqual({ place: 1, at: at(0).toISOString() });
    expect(await remembered(db, ids[4]!)).toEqual({ place: 5, at: null });

    app.mailer.nudge();
    await waitFor(async () =>
      (await outboxOf(db)).every((row) => row.status === 'sent' || row.status === 'suppressed'),
    );
    const statuses = Object.fromEntries(
      (await outboxOf(db)).map((row) => [row.to_address, row.status]),
    );
    expect(statuses).toEqual({
      'up-2@example.com': 'sent',
      'up-3@example.com': 'suppressed',
      'up-5@example.com': 'sent',
    });
    const mail = setup.smtp.received.find((m) => m.envelopeTo[0] === 'up-2@example.com')!;
    expect(mail.parsed.subject).toBe('You moved up the ReelScore waitlist');
    expect(mail.parsed.text).toContain('You are now number 1 of 4 people waiting, up from 3.');
    expect(mail.header('list-unsubscribe')).toMatch(/^<https:\/\/reelscore\.test\/.*unsubscribe/);
    expect(mail.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const link = /https:\/\/reelscore\.test\/place\?token=([\w.-]+)/.exec(mail.parsed.text ?? '');
    expect(await readPlaceToken(app.mailer.unsubscribeSecret, link![1]!)).toBe(ids[2]);

    // A referral moves person 5 up again the next day: the week is not over, nothing is queued.
    await setBoost(db, ids[5]!, 10);
    expect(await placeInLine(db, ids[5]!)).toMatchObject({ place: 1 });
    expect(await sweepAll(db, at(1))).toMatchObject({ queued: 0 });
    // Eight days on, it is.
    expect(await sweepAll(db, at(8))).toMatchObject({ queued: 1 });
    const again = (await outboxOf(db)).at(-1)!;
    expect(again.to_address).toBe('up-5@example.com');
    expect(JSON.parse(again.params)).toMatchObject({ place: '1', was: '4' });
    // Nobody moved since: nothing more, however late.
    expect(await sweepAll(db, at(30))).toMatchObject({ queued: 0 });
  });

  it('waits a week after confirming before the first mail', async () => {
    const ids = await addPeople(db, 'new', 3, at(-2));
    await sweepAll(db, at(0));
    await whitelist(db, ['new-0@example.com']);
    expect(await sweepAll(db, at(0))).toMatchObject({ queued: 0 });
    expect(await sweepAll(db, at(6))).toMatchObject({ queued: 2 });
    // Behind the four people of the test before, after new-0 was invited.
    expect(await remembered(db, ids[2]!)).toEqual({ place: 6, at: at(6).toISOString() });
  });

  it('walks the line in bounded batches with the same places as one by one', async () => {
    await db.deleteFrom('signups').execute();
    const ids = await addPeople(db, 'batch', 23, at(-20));
    // Moves inside the line: a boost across the others, and two people taken out.
    await setBoost(db, ids[20]!, 15);
    await whitelist(db, ['batch-3@example.com', 'batch-9@example.com']);
    const totals = await sweepAll(db, at(0), 4);
    expect(totals).toMatchObject({ rounds: 6, scanned: 21, recorded: 21, queued: 0 });
    for (const id of ids) {
      const place = await placeInLine(db, id);
      expect((await remembered(db, id)).place).toBe(place?.place ?? null);
    }
  });
});

describe.each(kinds)('the moved-up mail while the app runs on $name', (kind) => {
  let setup: MailTestSetup;

  beforeAll(async () => {
    // Rounds every 50 ms, and a new pass as soon as one ends.
    Object.assign(MOVED_UP_SWEEP, { everyMs: 50, passEveryMs: 0 });
    setup = await startMailTestSetup(kind, ['admin@example.com']);
  });
  afterAll(async () => {
    await setup.close();
  });

  it('sweeps on its own, and not at all while MOVED_UP_MAIL is off', async () => {
    const { app } = setup.testApp;
    const { db } = app.database;
    app.config.movedUpMail = false;
    const ids = await addPeople(db, 'run', 3, new Date(Date.now() - 10 * DAY_MS));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await remembered(db, ids[2]!)).toEqual({ place: null, at: null });

    app.config.movedUpMail = true;
    await waitFor(async () => (await remembered(db, ids[2]!)).place === 3);
    await whitelist(db, ['run-0@example.com']);
    await waitFor(() => setup.smtp.received.length === 2);
    expect(setup.smtp.received.map((mail) => mail.envelopeTo[0]).sort()).toEqual([
      'run-1@example.com',
      'run-2@example.com',
    ]);
    expect((await remembered(db, ids[2]!)).place).toBe(2);
  });
});
