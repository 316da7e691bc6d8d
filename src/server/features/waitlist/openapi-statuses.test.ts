import type { InjectOptions } from 'fastify';
import { unsubscribeSecret } from '../../platform/links/unsubscribe-token.ts';
import { confirmationUrl } from '../../platform/links/confirmation-token.ts';
import {
  describeDocumentedStatuses,
  BIG_JSON,
  BROWSER,
  FORM,
  JSON_TYPE,
  TEXT,
  inject,
  without,
  type Answer,
} from '../../test/openapi-statuses.ts';
import type { TestApp } from '../../test/test-app.ts';
import { insertSignup } from './signup-repository.ts';

/**
 * The waitlist's documented operations are called here the ways the server can answer them: the
 * happy path and each refusal (bad input, wrong content type, too large, too many, a failing
 * database).
 */
describeDocumentedStatuses(
  "the waitlist's documented statuses, against those the server sends",
  'waitlist',
  async ({ call, main, strained }) => {
    async function publicCalls() {
      const app = main.app;
      const signUp = (payload: string, headers: Record<string, string> = JSON_TYPE) =>
        inject(app, { method: 'POST', url: '/api/utility/signup', payload, headers });
      await call('joinWaitlist', 200, () =>
        signUp('{"email":"fan@example.com","signupType":"general"}'),
      );
      await call('joinWaitlist', 400, () => signUp('{"email":"fan","signupType":"general"}'));
      await call('joinWaitlist', 413, () => signUp(BIG_JSON));
      await call('joinWaitlist', 415, () => signUp('fan@example.com', TEXT));
    }

    /** The path of the confirmation link in the latest confirmation mail to `email`. */
    async function confirmationPath(testApp: TestApp, email: string): Promise<string> {
      const db = testApp.app.database.db;
      const row = await db
        .selectFrom('mail_outbox')
        .select('params')
        .where('to_address', '=', email)
        .where('template', '=', 'waitlist-confirmation')
        .orderBy('created_at', 'desc')
        .executeTakeFirstOrThrow();
      const secret = await unsubscribeSecret(db, testApp.app.config.mail);
      const params = JSON.parse(row.params) as { signupId: string; issuedAt: string };
      const url = new URL(confirmationUrl('http://x', secret, params));
      return url.pathname + url.search;
    }

    /** Double opt-in links: pending, confirmed, expired (with its resend), forged, and failing. */
    async function confirmationCalls() {
      const app = main.app;
      const signUp = (email: string) =>
        inject(app, {
          method: 'POST',
          url: '/api/utility/signup',
          payload: { email, signupType: 'general' },
        });
      await signUp('confirming@example.com');
      await signUp('confirming-script@example.com');
      await signUp('unavailable@example.com');
      const eightDaysAgo = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000);
      const old = { program: 'CLOSED_ALPHA', source: 'general' };
      await insertSignup(
        app.database.db,
        { email: 'late@example.com', ...old },
        eightDaysAgo,
        'mail',
      );
      const link = await confirmationPath(main, 'confirming@example.com');
      const scriptLink = await confirmationPath(main, 'confirming-script@example.com');
      const failing = await confirmationPath(main, 'unavailable@example.com');
      const expired = await confirmationPath(main, 'late@example.com');
      const resend = (path: string) => path.replace('/confirm?', '/confirm/resend?');
      const forged = '/api/signup/confirm?token=forged.token';
      const get = (url: string, headers: Record<string, string> = {}) =>
        inject(app, { url, headers });
      const post = (url: string, headers: Record<string, string> = {}, payload?: string) =>
        inject(app, {
          method: 'POST',
          url,
          headers,
          ...(payload === undefined ? {} : { payload }),
        });

      const page = 'getSignupConfirmationPage';
      await call(page, 200, () => get(link, BROWSER));
      await call(page, 200, () => get(scriptLink));
      await call(page, 400, () => get(forged, BROWSER));
      await call(page, 400, () => get(forged));
      await call(page, 410, () => get(expired, BROWSER));
      await call(page, 410, () => get(expired));
      await call(page, 503, () => without(main, 'signups', () => get(failing, BROWSER)));
      await call(page, 503, () => without(main, 'signups', () => get(failing)));

      // A browser goes on to the person's own page; pressed again, the page says it is done.
      await call('confirmSignup', 303, () => post(link, { ...FORM, ...BROWSER }, ''));
      await call('confirmSignup', 200, () => post(link, { ...FORM, ...BROWSER }, ''));
      await call('confirmSignup', 200, () => post(scriptLink, { accept: 'application/json' }));
      await call('confirmSignup', 400, () => post(forged, { ...FORM, ...BROWSER }, ''));
      await call('confirmSignup', 400, () => post(forged));
      await call('confirmSignup', 410, () => post(expired, { ...FORM, ...BROWSER }, ''));
      await call('confirmSignup', 410, () => post(expired));
      await call('confirmSignup', 413, () => post(failing, FORM, `x=${'x'.repeat(2048)}`));
      await call('confirmSignup', 415, () => post(failing, TEXT, 'confirm'));
      await call('confirmSignup', 503, () =>
        without(main, 'signups', () => post(failing, { ...FORM, ...BROWSER }, '')),
      );

      const again = 'resendSignupConfirmation';
      await call(again, 200, () => post(resend(expired), { ...FORM, ...BROWSER }, ''));
      await call(again, 200, () => post(resend(expired)));
      await call(again, 400, () => post(resend(forged), { ...FORM, ...BROWSER }, ''));
      await call(again, 400, () => post(resend(forged)));
      await call(again, 413, () => post(resend(expired), FORM, `x=${'x'.repeat(2048)}`));
      await call(again, 415, () => post(resend(expired), TEXT, 'again'));
      await call(again, 503, () => without(main, 'mail_outbox', () => post(resend(failing))));
    }

    /** Limits reached, then the database closed. */
    async function strainedCalls() {
      const app = strained.app;
      const from = (remoteAddress: string, options: InjectOptions) => ({
        ...options,
        remoteAddress,
      });

      const signUp = from('10.9.0.1', {
        method: 'POST',
        url: '/api/utility/signup',
        payload: { email: 'fan@example.com', signupType: 'general' },
      });
      await call('joinWaitlist', 200, () => inject(app, signUp));
      await call('joinWaitlist', 429, () => inject(app, signUp));

      for (const [operationId, method, url] of [
        ['getSignupConfirmationPage', 'GET', '/api/signup/confirm?token=t'],
        ['confirmSignup', 'POST', '/api/signup/confirm?token=t'],
        ['resendSignupConfirmation', 'POST', '/api/signup/confirm/resend?token=t'],
      ] as const) {
        const open = (headers: Record<string, string>) =>
          inject(app, from('10.9.0.4', { method, url, headers }));
        let answer: Answer | undefined;
        for (let n = 0; n < 100 && answer?.status !== 429; n++) answer = await open({});
        await call(operationId, 429, () => Promise.resolve(answer!));
        await call(operationId, 429, () => open(BROWSER));
      }

      await app.database.close();
      await call('joinWaitlist', 503, () => inject(app, { ...signUp, remoteAddress: '10.9.0.9' }));
    }

    await publicCalls();
    await confirmationCalls();
    await strainedCalls();
  },
);
