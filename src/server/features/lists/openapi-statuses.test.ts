import { adminHeaders } from '../../test/admin-session.ts';
import {
  describeDocumentedStatuses,
  ADMIN,
  inject,
  without,
  JSON_TYPE,
} from '../../test/openapi-statuses.ts';

/**
 * The lists' documented operations are called here the ways the server can answer them: the
 * happy path and each refusal (bad input, no session, not an admin, wrong content type, too
 * large, too many, a failing database).
 */
describeDocumentedStatuses(
  "the lists' documented statuses, against those the server sends",
  'lists',
  async ({ call, main, strained, admin, stranger }) => {
    async function adminCalls(admin: Record<string, string>, stranger: Record<string, string>) {
      const app = main.app;
      for (const [operationId, url] of [
        ['listSignups', '/api/admin/signups'],
        ['listUsers', '/api/admin/users'],
      ] as const) {
        await call(operationId, 200, () => inject(app, { url, headers: admin }));
        await call(operationId, 400, () =>
          inject(app, { url: `${url}?limit=abc`, headers: admin }),
        );
        await call(operationId, 401, () => inject(app, { url }));
        await call(operationId, 403, () => inject(app, { url, headers: stranger }));
        await call(operationId, 503, () =>
          without(main, 'signups', () => inject(app, { url, headers: admin })),
        );
      }
      for (const [operationId, url, table] of [
        ['getAdminCounts', '/api/admin/counts', 'signup_tally'],
        ['listAuditLog', '/api/admin/audit', 'audit_log'],
      ] as const) {
        await call(operationId, 200, () => inject(app, { url, headers: admin }));
        if (operationId === 'listAuditLog') {
          await call(operationId, 400, () =>
            inject(app, { url: `${url}?limit=0`, headers: admin }),
          );
        }
        await call(operationId, 401, () => inject(app, { url }));
        await call(operationId, 403, () => inject(app, { url, headers: stranger }));
        await call(operationId, 503, () =>
          without(main, table, () => inject(app, { url, headers: admin })),
        );
      }
      for (const [operationId, url] of [
        ['exportSignups', '/api/admin/signups/export'],
        ['exportUsers', '/api/admin/users/export'],
      ] as const) {
        await call(operationId, 200, () => inject(app, { url, headers: admin }));
        await call(operationId, 400, () => inject(app, { url: `${url}?sort=up`, headers: admin }));
        await call(operationId, 401, () => inject(app, { url }));
        await call(operationId, 403, () => inject(app, { url, headers: stranger }));
        await call(operationId, 503, () =>
          without(main, 'audit_log', () => inject(app, { url, headers: admin })),
        );
      }
      const person = (email: string) => `/api/admin/person?email=${encodeURIComponent(email)}`;
      await main.app.database.db
        .insertInto('whitelist')
        .values({ email: 'known@example.com', added_at: new Date().toISOString(), added_by: ADMIN })
        .execute();
      await call('getPerson', 200, () =>
        inject(app, { url: person('known@example.com'), headers: admin }),
      );
      await call('getPerson', 400, () =>
        inject(app, { url: person('not an address'), headers: admin }),
      );
      await call('getPerson', 401, () => inject(app, { url: person('known@example.com') }));
      await call('getPerson', 403, () =>
        inject(app, { url: person('known@example.com'), headers: stranger }),
      );
      await call('getPerson', 404, () =>
        inject(app, { url: person('nobody-here@example.com'), headers: admin }),
      );
      await call('getPerson', 503, () =>
        without(main, 'whitelist', () =>
          inject(app, { url: person('known@example.com'), headers: admin }),
        ),
      );
      const importCsv = (payload: string, headers: Record<string, string> = admin) =>
        inject(app, {
          method: 'POST',
          url: '/api/admin/signups/import?dryRun=true',
          payload,
          headers: { ...headers, 'content-type': 'text/csv' },
        });
      const legacy = 'email,created_at\r\nlegacy@example.com,2024-01-01\r\n';
      await call('importSignups', 200, () => importCsv(legacy));
      await call('importSignups', 400, () => importCsv('no,header\r\n'));
      await call('importSignups', 401, () => importCsv(legacy, {}));
      await call('importSignups', 403, () => importCsv(legacy, stranger));
      await call('importSignups', 413, () => importCsv(`email,created_at\r\n${'x'.repeat(6e6)}`));
      await call('importSignups', 415, () =>
        inject(app, {
          method: 'POST',
          url: '/api/admin/signups/import',
          payload: '{}',
          headers: { ...admin, ...JSON_TYPE },
        }),
      );
      await call('importSignups', 503, () => without(main, 'signups', () => importCsv(legacy)));
    }

    /** Every export place taken (as by slow downloads): an export is refused before it starts. */
    async function strainedCalls() {
      const app = strained.app;
      const exporter = (await adminHeaders(app, ADMIN)).headers;
      const held = Array.from({ length: app.config.exports.total }, (_, n) =>
        app.exportSlots.take(`holder-${n}@example.com`),
      );
      await call('exportSignups', 429, () =>
        inject(app, { url: '/api/admin/signups/export', headers: exporter }),
      );
      await call('exportUsers', 429, () =>
        inject(app, { url: '/api/admin/users/export', headers: exporter }),
      );
      for (const release of held) if (typeof release === 'function') release();
    }

    await adminCalls(admin, stranger);
    await strainedCalls();
  },
);
