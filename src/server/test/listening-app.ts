import { createServer } from 'node:net';
import type { AppConfig } from '../config.ts';
import type { TestDatabaseKind } from './databases.ts';
import { startTestApp, type TestApp } from './test-app.ts';

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise((done) => server.close(done));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** The app on a real port whose public URL is that port, for flows that need real HTTP. */
export async function startListeningApp(
  kind: TestDatabaseKind,
  overrides: Partial<AppConfig> = {},
): Promise<TestApp & { origin: string }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const testApp = await startTestApp(kind, { publicUrl: origin, ...overrides });
  await testApp.app.listen({ host: '127.0.0.1', port });
  return { ...testApp, origin };
}

/** A minimal cookie jar over fetch, following redirects by hand so each hop can be seen. */
export class Browser {
  private cookies = new Map<string, string>();
  private readonly origin: string;

  constructor(origin: string) {
    this.origin = origin;
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) {
      headers.set(
        'cookie',
        [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      );
    }
    const response = await fetch(new URL(url, this.origin), {
      ...init,
      headers,
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const [name = '', ...value] = pair.split('=');
      const expired = attributes.some(
        (attribute) =>
          /^\s*max-age=0\s*$/i.test(attribute) || /expires=thu, 01 jan 1970/i.test(attribute),
      );
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value.join('='));
    }
    return response;
  }

  /** Follows redirects until `stop` says so (or a non-redirect answer) and returns that URL. */
  async follow(
    url: string,
    stop: (next: URL) => boolean = () => false,
  ): Promise<{ url: URL; response: Response }> {
    let current = new URL(url, this.origin);
    for (let hop = 0; hop < 20; hop++) {
      if (hop > 0 && stop(current)) return { url: current, response: new Response(null) };
      const response = await this.request(current.href);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location)
        return { url: current, response };
      current = new URL(location, current);
    }
    throw new Error('too many redirects');
  }
}
