import { describe, expect, it, vi } from 'vitest';
import { SIGNUP_ACCEPTED_MESSAGE } from '../../../../contract/signup-types.ts';
import {
  NETWORK_ERROR_MESSAGE,
  SIGNUP_FAILED_MESSAGE,
  SignupRequestError,
  TIMEOUT_MESSAGE,
  createSignup,
} from './create-signup.ts';

const request = { email: 'viewer@example.com', signupType: 'general' as const, website: '' };

const answer = (status: number, body?: unknown) =>
  vi.fn<typeof fetch>(() =>
    Promise.resolve(
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
    ),
  );

async function failure(promise: Promise<unknown>): Promise<SignupRequestError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(SignupRequestError);
  return error as SignupRequestError;
}

describe('createSignup', () => {
  it('posts the JSON body to the signup endpoint', async () => {
    const fetch = answer(200, { success: true, message: 'Welcome' });
    const result = await createSignup(request, { fetch });
    expect(result).toEqual({ status: 200, body: { success: true, message: 'Welcome' } });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/utility/signup');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
    expect(JSON.parse(init?.body as string)).toEqual(request);
  });

  it('treats an unexpected success body as success', async () => {
    const result = await createSignup(request, { fetch: answer(200) });
    expect(result.body.message).toBe(SIGNUP_ACCEPTED_MESSAGE);
  });

  it('shows the server’s error text', async () => {
    const error = await failure(
      createSignup(request, { fetch: answer(429, { error: 'Slow down' }) }),
    );
    expect(error).toMatchObject({ message: 'Slow down', status: 429 });
  });

  it.each([[undefined], [{}], [{ error: '' }], [{ message: 'admin shape' }]])(
    'falls back to "Signup failed" for %j',
    async (body) => {
      const error = await failure(createSignup(request, { fetch: answer(500, body) }));
      expect(error).toMatchObject({ message: SIGNUP_FAILED_MESSAGE, status: 500 });
    },
  );

  it('explains a network failure', async () => {
    const offline = vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failure(createSignup(request, { fetch: offline }));
    expect(error).toMatchObject({ message: NETWORK_ERROR_MESSAGE, status: 0 });
  });

  it('gives up on a request that never answers', async () => {
    const silent = vi.fn<typeof fetch>(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          const signal = init?.signal;
          signal?.addEventListener('abort', () =>
            reject(signal.reason instanceof Error ? signal.reason : new Error('aborted')),
          );
        }),
    );
    const error = await failure(createSignup(request, { fetch: silent, timeoutMs: 10 }));
    expect(error).toMatchObject({ message: TIMEOUT_MESSAGE, status: 0 });
  });
});
