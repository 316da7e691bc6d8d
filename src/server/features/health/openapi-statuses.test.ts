import { describeDocumentedStatuses, inject } from '../../test/openapi-statuses.ts';

/** The health check is called here the ways it can answer: up, and its database closed. */
describeDocumentedStatuses(
  "the health check's documented statuses, against those the server sends",
  'health',
  async ({ call, main, strained }) => {
    await call('getHealth', 200, () => inject(main.app, { url: '/api/health' }));
    await strained.app.database.close();
    await call('getHealth', 503, () => inject(strained.app, { url: '/api/health' }));
  },
);
