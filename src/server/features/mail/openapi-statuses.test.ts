import { markUnsubscribed } from '../../platform/mail/email-repository.ts';
import {
  describeDocumentedStatuses,
  TEXT,
  inject,
  sendLimitCalls,
  sendingCalls,
  without,
  JSON_TYPE,
} from '../../test/openapi-statuses.ts';

/**
 * The admin's Email Testing and mail queue are called here the ways the server can answer them:
 * the happy path and each refusal (bad input, no session, not an admin, unknown template, wrong
 * content type, too large, too many, a failing database or mail server).
 */
describeDocumentedStatuses(
  "the mail feature's documented statuses, against those the server sends",
  'mail',
  async ({ call, main, smtp, strained, admin, stranger }) => {
    async function emailCalls(admin: Record<string, string>, stranger: Record<string, string>) {
      const app = main.app;
      for (const [operationId, url] of [
        ['listEmailTemplates', '/api/email/templates'],
        ['listCaughtMail', '/api/email/mailbox'],
        ['previewEmailTemplate', '/api/email/templates/removal-notice/preview'],
      ] as const) {
        await call(operationId, 200, () => inject(app, { url, headers: admin }));
        await call(operationId, 401, () => inject(app, { url }));
        await call(operationId, 403, () => inject(app, { url, headers: stranger }));
      }
      const preview = (id: string) => `/api/email/templates/${id}/preview`;
      await call('previewEmailTemplate', 400, () =>
        inject(app, { url: preview('%zz'), headers: admin }),
      );
      await call('previewEmailTemplate', 404, () =>
        inject(app, { url: preview('nope'), headers: admin }),
      );
      await call('previewEmailTemplate', 414, () =>
        inject(app, { url: preview('x'.repeat(101)), headers: admin }),
      );

      const sending = { call, main, smtp, admin, stranger };
      const fields = { templateType: 'waitlist-confirmation' };
      await sendingCalls(sending, 'sendTestEmail', '/api/email/test', fields);
      await call('sendTestEmail', 404, () =>
        inject(app, {
          method: 'POST',
          url: '/api/email/test',
          payload: { email: 'reader@example.com', templateType: 'nope' },
          headers: admin,
        }),
      );
    }

    /** The mail queue: the sends to bounce@example.com above left dead messages to retry. */
    async function outboxCalls(admin: Record<string, string>, stranger: Record<string, string>) {
      const app = main.app;
      const url = '/api/admin/outbox';
      await call('listOutboxMail', 200, () => inject(app, { url, headers: admin }));
      await call('listOutboxMail', 400, () =>
        inject(app, { url: `${url}?status=lost`, headers: admin }),
      );
      await call('listOutboxMail', 401, () => inject(app, { url }));
      await call('listOutboxMail', 403, () => inject(app, { url, headers: stranger }));
      await call('listOutboxMail', 503, () =>
        without(main, 'mail_outbox', () => inject(app, { url, headers: admin })),
      );

      const retryUrl = '/api/admin/outbox/retry';
      const retry = (payload: string, headers: Record<string, string> = {}) =>
        inject(app, {
          method: 'POST',
          url: retryUrl,
          payload,
          headers: { ...admin, ...JSON_TYPE, ...headers },
        });
      const allDead = '{"allDead":true}';
      await call('retryOutboxMail', 503, () => without(main, 'audit_log', () => retry(allDead)));
      await call('retryOutboxMail', 200, () => retry(allDead));
      await call('retryOutboxMail', 400, () => retry('{"ids":[]}'));
      await call('retryOutboxMail', 401, () =>
        inject(app, { method: 'POST', url: retryUrl, payload: { allDead: true } }),
      );
      await call('retryOutboxMail', 403, () =>
        inject(app, {
          method: 'POST',
          url: retryUrl,
          payload: { allDead: true },
          headers: stranger,
        }),
      );
      await call('retryOutboxMail', 413, () =>
        retry(JSON.stringify({ allDead: true, padding: 'x'.repeat(33 * 1024) })),
      );
      await call('retryOutboxMail', 415, () => retry('allDead', TEXT));
    }

    // Unsubscribed, as its link does (privacy's statuses follow the link): a send is refused.
    await markUnsubscribed(main.app.database.db, 'gone@example.com');
    await emailCalls(admin, stranger);
    await outboxCalls(admin, stranger);
    const limited = { templateType: 'removal-notice' };
    await sendLimitCalls(call, strained, 'sendTestEmail', '/api/email/test', limited);
  },
);
