import { afterEach, describe, expect, it, vi } from 'vitest';

// Vite replaces __SITE_URL__ at build time; here it is a plain global, set before the imports run.
vi.hoisted(() => {
  vi.stubGlobal('__SITE_URL__', 'https://reelscore.test');
});

import { AdminApiError, adminRequest, queryString } from './admin-request.ts';

afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body?: unknown) {
  const fetchMock = vi.fn(() =>
    Promise.resolve(
      body === undefined
        ? new Response(null, { status })
        : new Response(JSON.stringify(body), {
            status,
            headers: { 'content-type': 'application/json' },
          }),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('admin requests', () => {
  it('sends only the non-empty query parameters (spec section 7)', () => {
    expect(queryString({ search: '', limit: 10, offset: 0 })).toBe('?limit=10&offset=0');
    expect(queryString({ search: 'a b@c', limit: undefined })).toBe('?search=a+b%40c');
    expect(queryString({})).toBe('');
  });

  it('sends JSON bodies with the session cookie and no credential of its own', async () => {
    const fetchMock = answer(200, { success: true });
    await adminRequest('/admin/whitelist/add', {
      method: 'POST',
      body: { email: 'a@b.co' },
      label: 'test',
      fallbackMessage: 'Failed',
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/whitelist/add');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe('{"email":"a@b.co"}');
    expect(init.headers).not.toHaveProperty('Authorization');
  });

  it("shows the server's message, or the spec's fallback when there is none", async () => {
    answer(500, { message: 'The database is not answering' });
    await expect(
      adminRequest('/admin/users', { label: 'test', fallbackMessage: 'Failed to fetch users' }),
    ).rejects.toMatchObject({ status: 500, message: 'The database is not answering' });
    answer(502);
    await expect(
      adminRequest('/admin/users', { label: 'test', fallbackMessage: 'Failed to fetch users' }),
    ).rejects.toMatchObject({ status: 502, message: 'Failed to fetch users' });
  });

  it('keeps the status so the dashboard can react to 401 and 403', async () => {
    answer(403, { message: 'Access denied. You are not authorized to access the admin panel.' });
    const error = await adminRequest('/admin/signups', {
      label: 'test',
      fallbackMessage: 'Failed to fetch signups',
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AdminApiError);
    expect((error as AdminApiError).status).toBe(403);
  });

  it('turns a network failure into the fallback message with status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(
      adminRequest('/admin/signups', { label: 'test', fallbackMessage: 'Failed to fetch signups' }),
    ).rejects.toMatchObject({ status: 0, message: 'Failed to fetch signups' });
  });
});
