import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isAuthMessage, openSignInPopup } from './sign-in-popup.ts';

const ORIGIN = 'https://reelscore.test';

function fakeWindow(popup: { closed: boolean; focus: () => void } | null) {
  const listeners = new Set<(event: MessageEvent) => void>();
  const fake = {
    location: { origin: ORIGIN },
    screenX: 0,
    screenY: 0,
    outerWidth: 1200,
    outerHeight: 900,
    open: vi.fn(() => popup),
    addEventListener: (_type: string, listener: (event: MessageEvent) => void) =>
      listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: MessageEvent) => void) =>
      listeners.delete(listener),
    setInterval: (callback: () => void, ms: number) => setInterval(callback, ms),
    clearInterval: (id: ReturnType<typeof setInterval>) => clearInterval(id),
    setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
    post(origin: string, data: unknown) {
      for (const listener of listeners) listener({ origin, data } as MessageEvent);
    },
    listenerCount: () => listeners.size,
  };
  vi.stubGlobal('window', fake);
  return fake;
}

describe('the sign-in popup', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('opens /api/auth/login in a 500x600 window', () => {
    const win = fakeWindow({ closed: false, focus: vi.fn() });
    void openSignInPopup();
    const [url, name, features] = win.open.mock.calls[0] as unknown as [string, string, string];
    expect(url).toBe('/api/auth/login');
    expect(name).toBe('reelscore-sign-in');
    expect(features).toContain('width=500');
    expect(features).toContain('height=600');
  });

  it('asks the provider to let the person choose when another account is wanted', () => {
    const win = fakeWindow({ closed: false, focus: vi.fn() });
    void openSignInPopup({ anotherAccount: true });
    const [url, name] = win.open.mock.calls[0] as unknown as [string, string];
    expect(url).toBe('/api/auth/login?prompt=select_account');
    expect(name).toBe('reelscore-sign-in');
  });

  it('reports a blocked popup at once', async () => {
    fakeWindow(null);
    await expect(openSignInPopup()).resolves.toEqual({ kind: 'blocked' });
  });

  it('accepts only our origin and our message shape', async () => {
    const win = fakeWindow({ closed: false, focus: vi.fn() });
    const result = openSignInPopup();
    win.post('https://evil.test', { source: 'reelscore-auth', ok: true });
    win.post(ORIGIN, { source: 'other', ok: true });
    win.post(ORIGIN, { source: 'reelscore-auth', ok: false, error: 'Access denied.' });
    await expect(result).resolves.toEqual({ kind: 'denied', error: 'Access denied.' });
    expect(win.listenerCount()).toBe(0);
  });

  it('passes on the account the server refused, so the page can name it', async () => {
    const win = fakeWindow({ closed: false, focus: vi.fn() });
    const result = openSignInPopup();
    win.post(ORIGIN, {
      source: 'reelscore-auth',
      ok: false,
      error: 'Access denied.',
      account: 'visitor@example.com',
    });
    await expect(result).resolves.toStrictEqual({
      kind: 'denied',
      error: 'Access denied.',
      account: 'visitor@example.com',
    });
  });

  it("passes the server's reason on as it is, such as an identity provider that is down", async () => {
    const win = fakeWindow({ closed: false, focus: vi.fn() });
    const result = openSignInPopup();
    const unavailable =
      "Sign-in is unavailable right now: we can't reach Google. Please try again in a few minutes.";
    win.post(ORIGIN, { source: 'reelscore-auth', ok: false, error: unavailable });
    await expect(result).resolves.toEqual({ kind: 'denied', error: unavailable });
  });

  it('reports a window closed without a message, after giving a late message time', async () => {
    const popup = { closed: false, focus: vi.fn() };
    fakeWindow(popup);
    const result = openSignInPopup();
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(2_000);
    await expect(result).resolves.toEqual({ kind: 'closed' });
  });

  it('prefers a message that arrives just after the window closed', async () => {
    const popup = { closed: false, focus: vi.fn() };
    const win = fakeWindow(popup);
    const result = openSignInPopup();
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(600);
    win.post(ORIGIN, { source: 'reelscore-auth', ok: true });
    await vi.advanceTimersByTimeAsync(2_000);
    await expect(result).resolves.toEqual({ kind: 'ok' });
  });

  it('recognises the message shape', () => {
    expect(isAuthMessage({ source: 'reelscore-auth', ok: true })).toBe(true);
    expect(isAuthMessage({ source: 'reelscore-auth' })).toBe(false);
    expect(isAuthMessage('reelscore-auth')).toBe(false);
    expect(isAuthMessage(null)).toBe(false);
  });
});
