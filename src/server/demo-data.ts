import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { LOCAL_ADMIN_EMAIL } from './config.ts';
import { toDate, type Database } from './db/schema.ts';
import { addToWhitelist } from './features/access/whitelist-repository.ts';
import { confirmSignup } from './features/waitlist/confirmation-repository.ts';
import { insertSignups } from './features/waitlist/signup-repository.ts';
import { recordReferrals, referralCodeFor, type ReferralRules } from './platform/line/referrals.ts';

/** Invitations sent without the signup form: press, partners, festival contacts. */
const INVITED = [
  { email: 'critic.preview@film-club.example', daysAgo: 21, registers: true },
  { email: 'press@screenweekly.example', daysAgo: 14, registers: false },
  { email: 'festival.jury@example.org', daysAgo: 9, registers: false },
  { email: 'partner.team@streamhub.example', daysAgo: 3, registers: false },
];

/** Shares of the demo signups that get whitelisted, and of those that then register. */
const WHITELISTED_SHARE = 0.3;
const REGISTERED_SHARE = 0.45;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A number in [0, 1) fixed by the address, so every run makes the same choices. */
function fraction(email: string, purpose: string): number {
  return createHash('sha256').update(`${purpose}:${email}`).digest().readUInt32BE(0) / 2 ** 32;
}

/** A stable app account id for a demo registration, shaped like an identity provider's uid. */
export function demoUid(email: string): string {
  return createHash('sha256').update(`demo-uid:${email}`).digest('base64url').slice(0, 28);
}

function between(from: Date, to: Date, share: number): Date {
  return new Date(from.getTime() + Math.floor((to.getTime() - from.getTime()) * share));
}

/**
 * Whitelists about 30% of the given signups (and a few addresses that never used the form),
 * each with its audit row from the local admin, and registers about 45% of those in the app,
 * always after they signed up and were whitelisted. Idempotent: what exists is left as it is.
 */
export async function seedAdminDemoData(
  db: Kysely<Database>,
  signupEmails: string[],
  now = new Date(),
): Promise<{ whitelisted: number; registered: number }> {
  const signups =
    signupEmails.length === 0
      ? []
      : await db
          .selectFrom('signups')
          .select(['email', 'created_at'])
          .where('email', 'in', signupEmails)
          .orderBy('email')
          .execute();
  const plan = [
    ...signups
      .filter((signup) => fraction(signup.email, 'whitelist') < WHITELISTED_SHARE)
      .map((signup) => {
        const addedAt = between(
          toDate(signup.created_at),
          now,
          0.1 + 0.5 * fraction(signup.email, 'added'),
        );
        return {
          email: signup.email,
          addedAt,
          registers: fraction(signup.email, 'register') < REGISTERED_SHARE,
        };
      }),
    ...INVITED.map((invited) => ({
      email: invited.email,
      addedAt: new Date(now.getTime() - invited.daysAgo * DAY_MS),
      registers: invited.registers,
    })),
  ];

  let whitelisted = 0;
  let registered = 0;
  for (const { email, addedAt, registers } of plan) {
    if ((await addToWhitelist(db, email, LOCAL_ADMIN_EMAIL, addedAt)).changed) whitelisted++;
    if (!registers) continue;
    const registeredAt = between(addedAt, now, 0.2 + 0.6 * fraction(email, 'registered'));
    const result = await db
      .insertInto('app_users')
      .values({ uid: demoUid(email), email, registered_at: registeredAt.toISOString() })
      .onConflict((conflict) => conflict.doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) registered++;
  }
  return { whitelisted, registered };
}

/** Shares of the demo signups that confirm their address, and that came by a friend's link. */
const CONFIRMED_SHARE = 0.8;
const REFERRED_SHARE = 0.15;
/** The first signups, by time, whose links the referred ones came by. */
const REFERRERS = 8;

/**
 * The line and referrals of the demo (decision 0040): about 80% of the signups confirm a few
 * hours after signing up, in time order; about 15% came by the link of one of the first eight,
 * and the first two referrers also "referred" themselves in another spelling, which waits for an
 * admin's review. Run before the whitelist (seedAdminDemoData), which takes people out of the
 * line. Idempotent: a signup confirmed or referred before is left as it is.
 */
export async function seedLineDemoData(
  db: Kysely<Database>,
  signupEmails: string[],
  rules: ReferralRules,
): Promise<{ confirmed: number; referred: number }> {
  if (signupEmails.length === 0) return { confirmed: 0, referred: 0 };
  const signups = await db
    .selectFrom('signups')
    .select(['id', 'email', 'created_at', 'confirmed_at'])
    .where('email', 'in', signupEmails)
    .orderBy('ticket')
    .execute();
  const referrers = signups.slice(0, REFERRERS);
  const codes: string[] = [];
  for (const referrer of referrers) codes.push((await referralCodeFor(db, referrer.id))!);
  const referred = signups
    .slice(REFERRERS)
    .filter((signup) => fraction(signup.email, 'referred') < REFERRED_SHARE);
  await db.transaction().execute((trx) =>
    recordReferrals(
      trx,
      referred.map((signup) => ({
        friendId: signup.id,
        friendEmail: signup.email,
        code: codes[Math.floor(fraction(signup.email, 'referrer') * codes.length)]!,
      })),
      toDate(referred[0]?.created_at ?? new Date()),
    ),
  );
  // Two referrers sign up again in another spelling, by their own link: held for review.
  for (const [index, referrer] of referrers.slice(0, 2).entries()) {
    const [local, domain] = referrer.email.split('@');
    const at = new Date(toDate(referrer.created_at).getTime() + 2 * DAY_MS);
    await insertSignups(
      db,
      [
        {
          email: `${local}+films@${domain}`,
          program: 'CLOSED_ALPHA',
          source: 'general',
          ref: codes[index]!,
        },
      ],
      at,
      undefined,
      rules,
    );
  }
  const again = await db
    .selectFrom('signups')
    .select(['id', 'email', 'created_at', 'confirmed_at'])
    .where(
      'email',
      'in',
      referrers.slice(0, 2).map((r) => r.email.replace('@', '+films@')),
    )
    .execute();
  let confirmed = 0;
  for (const signup of [...signups, ...again]) {
    if (signup.confirmed_at !== null) continue;
    const sure = referrers.includes(signup) || again.includes(signup);
    if (!sure && fraction(signup.email, 'confirm') >= CONFIRMED_SHARE) continue;
    const at = new Date(
      toDate(signup.created_at).getTime() + (1 + 20 * fraction(signup.email, 'hours')) * 3_600_000,
    );
    if (await confirmSignup(db, signup.id, at, { rules })) confirmed++;
  }
  return { confirmed, referred: referred.length };
}
