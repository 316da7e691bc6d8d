import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { unsubscribeSecret } from '../../platform/links/unsubscribe-token.ts';
import { dataRequestUrl } from '../../platform/links/data-request-token.ts';
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

/**
 * Privacy's documented operations are called here the ways the server can answer them: the happy
 * path and each refusal (a forged or used link, bad input, no session, not an admin, wrong
 * content type, too large, too many, a failing database).
 */
describeDocumentedStatuses(
  "privacy's documented statuses, against those the server sends",
  'privacy',
  async ({ call, main, smtp, strained, admin, stranger }) => {
    /** The unsubscribe link of the last mail the SMTP server got. */
    function lastUnsubscribeLink(): string {
      const header = smtp.received.at(-1)?.header('List-Unsubscribe') ?? '';
      const link = new URL(/^<(.+)>$/.exec(header)?.[1] ?? '');
      return link.pathname + link.search;
    }

    /** Unsubscribes gone@example.com with the link of a real mail, on the way. */
    async function unsubscribeCalls(admin: Record<string, string>) {
      const app = main.app;
      smtp.reset('accept');
      const sent = await call('sendEarlyAccessEmail', 200, () =>
        inject(app, {
          method: 'POST',
          url: '/api/email/early-access',
          payload: { email: 'gone@example.com' },
          headers: admin,
        }),
      );
      expect(sent.status).toBe(200);
      const link = lastUnsubscribeLink();
      const forged = '/api/unsubscribe?address=gone%40example.com&token=forged';
      const post = (url: string, headers: Record<string, string>, payload: string) =>
        inject(app, { method: 'POST', url, headers, payload });

      await call('getUnsubscribePage', 200, () => inject(app, { url: link, headers: BROWSER }));
      await call('getUnsubscribePage', 400, () => inject(app, { url: forged }));
      await call('getUnsubscribePage', 400, () => inject(app, { url: forged, headers: BROWSER }));
      await call('unsubscribe', 200, () => post(link, FORM, 'List-Unsubscribe=One-Click'));
      await call('unsubscribe', 200, () =>
        post(link, { ...FORM, ...BROWSER }, 'List-Unsubscribe=One-Click'),
      );
      await call('unsubscribe', 400, () => post(forged, FORM, 'List-Unsubscribe=One-Click'));
      await call('unsubscribe', 400, () =>
        post(forged, { ...FORM, ...BROWSER }, 'List-Unsubscribe=One-Click'),
      );
      await call('unsubscribe', 413, () =>
        post(link, FORM, `List-Unsubscribe=${'x'.repeat(2048)}`),
      );
      await call('unsubscribe', 415, () => post(link, TEXT, 'One-Click'));
    }

    /** The path and query of the data-request link of a mail to `email`. */
    async function dataRequestPath(email: string, action = ''): Promise<string> {
      const secret = await unsubscribeSecret(main.app.database.db, main.app.config.mail);
      const url = new URL(dataRequestUrl('http://x', secret, email));
      return `${url.pathname}${action}${url.search}`;
    }

    /** The data-request link of every mail: its page, a copy, erasure (used, forged, failing). */
    async function dataRequestCalls() {
      const app = main.app;
      const get = (url: string, headers: Record<string, string> = {}) =>
        inject(app, { url, headers });
      const post = (url: string, headers: Record<string, string> = {}, payload?: string) =>
        inject(app, {
          method: 'POST',
          url,
          headers,
          ...(payload === undefined ? {} : { payload }),
        });
      const button = { ...FORM, ...BROWSER };
      const forged = '/api/data-request?address=privacy%40example.com&token=forged';
      const page = await dataRequestPath('privacy-page@example.com');
      const copy = await dataRequestPath('privacy-copy@example.com', '/export');
      const erase = await dataRequestPath('privacy-erase@example.com', '/erase');
      const eraseScript = await dataRequestPath('privacy-erase-script@example.com', '/erase');
      const erasedPage = await dataRequestPath('privacy-erase@example.com');
      const erasedCopy = await dataRequestPath('privacy-erase@example.com', '/export');

      await call('getDataRequestPage', 200, () => get(page, BROWSER));
      await call('getDataRequestPage', 200, () => get(page));
      await call('getDataRequestPage', 400, () => get(forged, BROWSER));
      await call('getDataRequestPage', 400, () => get(forged));
      await call('getDataRequestPage', 503, () =>
        without(main, 'email_suppressions', () => get(page, BROWSER)),
      );
      await call('getDataRequestPage', 503, () =>
        without(main, 'email_suppressions', () => get(page)),
      );

      const forgedCopy = forged.replace('?', '/export?');
      await call('requestDataCopy', 200, () => post(copy, button, ''));
      await call('requestDataCopy', 200, () => post(copy));
      await call('requestDataCopy', 400, () => post(forgedCopy, button, ''));
      await call('requestDataCopy', 400, () => post(forgedCopy));
      await call('requestDataCopy', 413, () => post(copy, FORM, `x=${'x'.repeat(2048)}`));
      await call('requestDataCopy', 415, () => post(copy, TEXT, 'copy'));
      await call('requestDataCopy', 503, () =>
        without(main, 'mail_outbox', () => post(copy, button, '')),
      );
      await call('requestDataCopy', 503, () => without(main, 'mail_outbox', () => post(copy)));

      const forgedErase = forged.replace('?', '/erase?');
      const confirmed = 'confirm=delete';
      const confirmedJson = JSON.stringify({ confirm: 'delete' });
      await call('getDataErasurePage', 200, () => get(erase, BROWSER));
      await call('getDataErasurePage', 200, () => get(erase));
      await call('getDataErasurePage', 400, () => get(forgedErase, BROWSER));
      await call('getDataErasurePage', 400, () => get(forgedErase));
      await call('getDataErasurePage', 503, () =>
        without(main, 'email_suppressions', () => get(erase, BROWSER)),
      );
      await call('getDataErasurePage', 503, () =>
        without(main, 'email_suppressions', () => get(erase)),
      );
      await call('eraseMyData', 503, () =>
        without(main, 'email_suppressions', () => post(erase, button, confirmed)),
      );
      await call('eraseMyData', 503, () => without(main, 'email_suppressions', () => post(erase)));
      await call('eraseMyData', 413, () => post(erase, FORM, `x=${'x'.repeat(2048)}`));
      await call('eraseMyData', 415, () => post(erase, TEXT, 'erase'));
      // Not confirmed: a browser is asked on the confirmation page, a script told; nothing goes.
      await call('eraseMyData', 400, () => post(erase, button, ''));
      await call('eraseMyData', 400, () => post(eraseScript));
      await call('eraseMyData', 200, () => post(erase, button, confirmed));
      await call('eraseMyData', 200, () => post(eraseScript, JSON_TYPE, confirmedJson));
      await call('eraseMyData', 400, () => post(forgedErase, button, confirmed));
      await call('eraseMyData', 400, () => post(forgedErase));
      // The address is erased now: its link is used up, and it is never mailed.
      await call('eraseMyData', 410, () => post(erase, button, ''));
      await call('eraseMyData', 410, () => post(erase));
      await call('getDataRequestPage', 410, () => get(erasedPage, BROWSER));
      await call('getDataRequestPage', 410, () => get(erasedPage));
      await call('getDataErasurePage', 410, () => get(erase, BROWSER));
      await call('getDataErasurePage', 410, () => get(erase));
      await call('requestDataCopy', 410, () => post(erasedCopy, button, ''));
      await call('requestDataCopy', 410, () => post(erasedCopy));
    }

    /** Admins' privacy requests: download, mail a copy, erase. */
    async function privacyAdminCalls(
      admin: Record<string, string>,
      stranger: Record<string, string>,
    ) {
      const app = main.app;
      const url = '/api/admin/data?email=privacy-admin%40example.com';
      await call('getPersonalData', 200, () => inject(app, { url, headers: admin }));
      await call('getPersonalData', 400, () =>
        inject(app, { url: '/api/admin/data?email=nope', headers: admin }),
      );
      await call('getPersonalData', 401, () => inject(app, { url }));
      await call('getPersonalData', 403, () => inject(app, { url, headers: stranger }));
      await call('getPersonalData', 503, () =>
        without(main, 'audit_log', () => inject(app, { url, headers: admin })),
      );

      for (const [operationId, path] of [
        ['sendPersonalDataCopy', '/api/admin/data/export'],
        ['erasePersonalData', '/api/admin/data/erase'],
      ] as const) {
        const send = (payload: string, headers: Record<string, string> = {}) =>
          inject(app, {
            method: 'POST',
            url: path,
            payload,
            headers: { ...admin, ...JSON_TYPE, ...headers },
          });
        await call(operationId, 200, () => send('{"email":"privacy-admin@example.com"}'));
        await call(operationId, 400, () => send('{"email":"nope"}'));
        await call(operationId, 401, () =>
          inject(app, { method: 'POST', url: path, payload: { email: 'a@example.com' } }),
        );
        await call(operationId, 403, () =>
          inject(app, {
            method: 'POST',
            url: path,
            payload: { email: 'a@example.com' },
            headers: stranger,
          }),
        );
        await call(operationId, 403, () =>
          send('{"email":"a@example.com"}', {
            origin: 'https://evil.example',
            'sec-fetch-site': 'cross-site',
          }),
        );
        await call(operationId, 413, () => send(BIG_JSON));
        await call(operationId, 415, () => send('a@example.com', TEXT));
      }
      // Its address is erased above: a copy can no longer be mailed to it.
      const mailCopy = (email: string) =>
        inject(app, {
          method: 'POST',
          url: '/api/admin/data/export',
          payload: { email },
          headers: admin,
        });
      await call('sendPersonalDataCopy', 409, () => mailCopy('privacy-admin@example.com'));
      const erase = (email: string) =>
        inject(app, {
          method: 'POST',
          url: '/api/admin/data/erase',
          payload: { email },
          headers: admin,
        });
      await call('sendPersonalDataCopy', 503, () =>
        without(main, 'mail_outbox', () => mailCopy('privacy-later@example.com')),
      );
      await call('erasePersonalData', 503, () =>
        without(main, 'email_suppressions', () => erase('privacy-later@example.com')),
      );
    }

    /** Limits reached. */
    async function strainedCalls() {
      const app = strained.app;
      const from = (remoteAddress: string, options: InjectOptions) => ({
        ...options,
        remoteAddress,
      });

      for (const method of ['GET', 'POST'] as const) {
        const operationId = method === 'GET' ? 'getUnsubscribePage' : 'unsubscribe';
        const open = (headers: Record<string, string>) =>
          inject(
            app,
            from('10.9.0.3', { method, url: '/api/unsubscribe?address=a%40b.co&token=t', headers }),
          );
        let answer: Answer | undefined;
        for (let n = 0; n < 100 && answer?.status !== 429; n++) answer = await open({});
        await call(operationId, 429, () => Promise.resolve(answer!));
        await call(operationId, 429, () => open(BROWSER));
      }

      for (const [operationId, method, url] of [
        ['getDataRequestPage', 'GET', '/api/data-request?address=a%40b.co&token=t'],
        ['getDataErasurePage', 'GET', '/api/data-request/erase?address=a%40b.co&token=t'],
        ['requestDataCopy', 'POST', '/api/data-request/export?address=a%40b.co&token=t'],
        ['eraseMyData', 'POST', '/api/data-request/erase?address=a%40b.co&token=t'],
      ] as const) {
        const open = (headers: Record<string, string>) =>
          inject(app, from('10.9.0.5', { method, url, headers }));
        let answer: Answer | undefined;
        for (let n = 0; n < 100 && answer?.status !== 429; n++) answer = await open({});
        await call(operationId, 429, () => Promise.resolve(answer!));
        await call(operationId, 429, () => open(BROWSER));
      }
    }

    await unsubscribeCalls(admin);
    await dataRequestCalls();
    await privacyAdminCalls(admin, stranger);
    await strainedCalls();
  },
);
