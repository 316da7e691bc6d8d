import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { defaultAccess, registerRouteAccess, RouteAccessError } from './route-access.ts';

function bareApp() {
  const app = Fastify({ logger: false });
  registerRouteAccess(app);
  return app;
}

describe('route access declarations', () => {
  it('refuses to start when a route declares no access', async () => {
    const app = bareApp();
    app.get('/api/declared', { config: { access: 'public' } }, () => 'ok');
    app.get('/api/forgotten', () => 'leaks');
    await expect(app.ready()).rejects.toThrow(RouteAccessError);
    await expect(app.ready()).rejects.toThrow(/GET,HEAD \/api\/forgotten|GET \/api\/forgotten/);
  });

  it('refuses to start when a route declares an access nobody checks', async () => {
    const app = bareApp();
    app.get('/api/admin-only', { config: { access: 'admin' } }, () => 'secret');
    await expect(app.ready()).rejects.toThrow(/No access check defined for: admin/);
  });

  it('refuses to start on an access kind that does not exist', async () => {
    const app = bareApp();
    app.get('/api/typo', { config: { access: 'pubilc' as 'public' } }, () => 'ok');
    await expect(app.ready()).rejects.toThrow(RouteAccessError);
  });

  it('gives the routes of a plugin the access of the scope it is registered in', async () => {
    const app = bareApp();
    await app.register((scope, _options, done) => {
      defaultAccess(scope, 'public');
      scope.get('/docs', () => 'docs');
      done();
    });
    await app.ready();
    expect(app.routeList).toContainEqual({ method: 'GET', url: '/docs', access: 'public' });
    expect((await app.inject('/docs')).body).toBe('docs');
  });

  it('runs the check of the route that matched, whatever the target looked like', async () => {
    const app = bareApp();
    const seen: string[] = [];
    app.defineAccessCheck('admin', async (request, reply) => {
      seen.push(request.url);
      await reply.code(401).send({ message: 'no' });
    });
    app.get('/api/admin/list', { config: { access: 'admin' } }, () => 'secret');
    await app.ready();
    for (const url of ['/api/admin/list', '/%61pi/admin/list', '/api/admin/lis%74']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(401);
      expect(response.body).not.toContain('secret');
    }
    expect(seen).toHaveLength(3);
  });

  it('answers unknown paths through the not-found handler without any check', async () => {
    const app = bareApp();
    app.defineAccessCheck('admin', () => Promise.reject(new Error('must not run')));
    app.get('/api/admin/list', { config: { access: 'admin' } }, () => 'secret');
    await app.ready();
    expect((await app.inject('/nowhere')).statusCode).toBe(404);
  });
});
