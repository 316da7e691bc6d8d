import {
  describeDocumentedStatuses,
  BIG_JSON,
  inject,
  without,
  JSON_TYPE,
  TEXT,
} from '../../test/openapi-statuses.ts';

/**
 * The webhooks' documented operations are called here the ways the server can answer them: the
 * happy path and each refusal (bad input, no session, not an admin, an API token, unknown id, an
 * endpoint from the setting, wrong content type, too large, a failing database).
 */
describeDocumentedStatuses(
  "the webhooks' documented statuses, against those the server sends",
  'integrations',
  async ({ call, main, admin, stranger }) => {
    async function webhookCalls(admin: Record<string, string>, stranger: Record<string, string>) {
      const app = main.app;
      const url = '/api/admin/webhooks';
      const crossSite = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
      const minted = await app.inject({
        method: 'POST',
        url: '/api/admin/tokens',
        payload: { name: 'webhook statuses', scope: 'write' },
        headers: admin,
      });
      const bearer = { authorization: `Bearer ${minted.json<{ token: string }>().token}` };
      const create = (payload: string, headers: Record<string, string> = admin) =>
        inject(app, { method: 'POST', url, payload, headers: { ...JSON_TYPE, ...headers } });
      const valid = '{"url":"https://hooks.example/reelscore","events":["signup.created"]}';

      await call('listWebhooks', 200, () => inject(app, { url, headers: admin }));
      await call('listWebhooks', 401, () => inject(app, { url }));
      await call('listWebhooks', 403, () => inject(app, { url, headers: stranger }));
      await call('listWebhooks', 503, () =>
        without(main, 'webhook_endpoints', () => inject(app, { url, headers: admin })),
      );

      const created = await app.inject({
        method: 'POST',
        url,
        payload: valid,
        headers: { ...admin, ...JSON_TYPE },
      });
      const { endpoint } = created.json<{ endpoint: { id: string } }>();
      await call('createWebhook', 201, () => create(valid));
      await call('createWebhook', 400, () => create('{"url":"ftp://hooks.example/"}'));
      await call('createWebhook', 401, () => create(valid, {}));
      await call('createWebhook', 403, () => create(valid, stranger));
      await call('createWebhook', 403, () => create(valid, { ...admin, ...crossSite }));
      await call('createWebhook', 403, () => create(valid, bearer));
      await call('createWebhook', 413, () => create(BIG_JSON));
      await call('createWebhook', 415, () => create(valid, { ...admin, ...TEXT }));
      await call('createWebhook', 503, () =>
        without(main, 'webhook_endpoints', () => create(valid)),
      );

      const retry = (id: string, headers: Record<string, string> = admin) =>
        inject(app, { method: 'POST', url: `${url}/${id}/retry`, headers });
      await call('retryWebhookDeliveries', 200, () => retry(endpoint.id));
      await call('retryWebhookDeliveries', 400, () => retry('x'.repeat(65)));
      await call('retryWebhookDeliveries', 401, () => retry(endpoint.id, {}));
      await call('retryWebhookDeliveries', 403, () => retry(endpoint.id, stranger));
      await call('retryWebhookDeliveries', 404, () => retry('no-such-endpoint'));
      await call('retryWebhookDeliveries', 503, () =>
        without(main, 'webhook_endpoints', () => retry(endpoint.id)),
      );

      const remove = (id: string, headers: Record<string, string> = admin) =>
        inject(app, { method: 'DELETE', url: `${url}/${id}`, headers });
      const listed = await app.inject({ url, headers: admin });
      const fromSetting = listed
        .json<{ endpoints: { id: string; origin: string }[] }>()
        .endpoints.find((candidate) => candidate.origin === 'setting')!;
      await call('removeWebhook', 503, () =>
        without(main, 'webhook_endpoints', () => remove(endpoint.id)),
      );
      await call('removeWebhook', 403, () => remove(endpoint.id, bearer));
      await call('removeWebhook', 204, () => remove(endpoint.id));
      await call('removeWebhook', 400, () => remove('x'.repeat(65)));
      await call('removeWebhook', 401, () => remove(endpoint.id, {}));
      await call('removeWebhook', 403, () => remove(endpoint.id, stranger));
      await call('removeWebhook', 404, () => remove(endpoint.id));
      await call('removeWebhook', 409, () => remove(fromSetting.id));
    }

    await webhookCalls(admin, stranger);
  },
);
