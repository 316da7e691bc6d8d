import { SIGNUP_TYPES, type ProgramType } from '../contract/signup-types.ts';
import { configFromEnv, parseEnv } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import {
  countSignups,
  insertSignups,
  type NewSignup,
} from './features/waitlist/signup-repository.ts';
import { seedAdminDemoData, seedLineDemoData } from './demo-data.ts';

/**
 * Fills a local database with realistic demo data so the dashboard has something to show:
 * signups of every form and programme, some of them whitelisted (with audit rows) and some of
 * those registered in the app, plus a few invitations without a signup.
 * Deterministic and idempotent: running it twice adds nothing the second time.
 */
const FIRST_NAMES = [
  'alex',
  'sam',
  'maria',
  'li',
  'noah',
  'emma',
  'omar',
  'sofia',
  'yuki',
  'lars',
  'ines',
  'kofi',
  'ana',
  'jon',
  'priya',
  'mateo',
];
const LAST_NAMES = [
  'berg',
  'chen',
  'garcia',
  'okafor',
  'nilsson',
  'rossi',
  'kim',
  'silva',
  'novak',
  'haddad',
  'patel',
  'murphy',
];
const DOMAINS = [
  'example.com',
  'example.org',
  'example.net',
  'mail.example.com',
  'film-club.example',
];
const COUNT = 300;

function* demoSignups(): Generator<{ signup: NewSignup; at: Date }> {
  let seed = 42;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const now = Date.now();
  for (let n = 0; n < COUNT; n++) {
    const email = `${pick(FIRST_NAMES)}.${pick(LAST_NAMES)}${n}@${pick(DOMAINS)}`;
    // Most signups are for the current closed alpha; a few carried over from earlier lists.
    const roll = next();
    const program: ProgramType = roll < 0.8 ? 'CLOSED_ALPHA' : roll < 0.92 ? 'BETA' : 'OPEN_BETA';
    const at = new Date(now - Math.floor(next() * 90 * 24 * 60 * 60 * 1000));
    yield {
      signup: {
        email,
        program,
        source: pick(SIGNUP_TYPES),
      },
      at,
    };
  }
}

const config = configFromEnv(parseEnv(process.env));
const handle = openDatabase(config.database);
try {
  await migrateToLatest(handle.db);
  const before = await countSignups(handle.db);
  // In time order, so each takes its place in line by signup time.
  const demo = [...demoSignups()].sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const { signup, at } of demo) await insertSignups(handle.db, [signup], at);
  const after = await countSignups(handle.db);
  const line = await seedLineDemoData(
    handle.db,
    demo.map(({ signup }) => signup.email),
    config.referrals,
  );
  const { whitelisted, registered } = await seedAdminDemoData(
    handle.db,
    demo.map(({ signup }) => signup.email),
  );
  console.log(
    `Seeded ${after - before} signups (${after} in all; ${line.confirmed} confirmed now, ` +
      `${line.referred} by a friend's link), ${whitelisted} whitelist entries and ` +
      `${registered} app registrations into the ${handle.dialect} database.`,
  );
} finally {
  await handle.close();
}
