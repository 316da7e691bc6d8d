import type { LookupAddress, LookupOptions } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { tableLookup } from '../../test/connection-guard.ts';
import { RefusedTargetError, webhookTargets } from './webhook-targets.ts';

/** The guarded lookup's answer, as a socket would get it: nothing here connects. */
function ask(
  targets: ReturnType<typeof webhookTargets>,
  hostname: string,
  options: LookupOptions,
): Promise<{ error: NodeJS.ErrnoException | null; address: string | LookupAddress[] }> {
  return new Promise((resolve) => {
    targets.lookup(hostname, options, (error, address) => resolve({ error, address }));
  });
}

const names = tableLookup(
  (hostname) =>
    ({
      'mixed.hooks.test': ['10.0.0.7', '93.184.215.14', '::ffff:127.0.0.1', '2606:4700::1'],
      'inside.hooks.test': ['127.0.0.1', '::1', '169.254.169.254'],
      'public.hooks.test': ['93.184.215.14'],
    })[hostname],
);

describe('the lookup of every delivery connection', () => {
  const targets = webhookTargets({ allowPrivateTargets: [], lookup: names.lookup });

  it('hands the socket only the addresses it may reach', async () => {
    expect(await ask(targets, 'mixed.hooks.test', { all: true })).toEqual({
      error: null,
      address: [
        { address: '93.184.215.14', family: 4 },
        { address: '2606:4700::1', family: 6 },
      ],
    });
    expect(await ask(targets, 'mixed.hooks.test', { family: 6, all: true })).toEqual({
      error: null,
      address: [{ address: '2606:4700::1', family: 6 }],
    });
  });

  it('fails with a refusal when every address is internal, and as not found when none is', async () => {
    const refused = await ask(targets, 'inside.hooks.test', { all: true });
    expect(refused.error).toBeInstanceOf(RefusedTargetError);
    expect(refused.error?.message).toBe(
      'inside.hooks.test leads to 127.0.0.1 (loopback), ::1 (loopback), 169.254.169.254 (metadata)',
    );
    expect((await ask(targets, 'public.hooks.test', { family: 6, all: true })).error?.code).toBe(
      'ENOTFOUND',
    );
    expect((await ask(targets, 'unknown.hooks.test', { all: true })).error?.code).toBe('ENOTFOUND');
  });

  it('lets through what the operator allows, and nothing more', async () => {
    const allowing = webhookTargets({ allowPrivateTargets: ['127.0.0.1'], lookup: names.lookup });
    expect(await ask(allowing, 'inside.hooks.test', { all: false })).toEqual({
      error: null,
      address: '127.0.0.1',
    });
    expect(allowing.refusedLiteral('[::1]')).toBe('::1');
    expect(allowing.refusedLiteral('127.0.0.1')).toBeUndefined();
    expect(allowing.refusedLiteral('localhost')).toBeUndefined();
  });

  it('refuses an endpoint when adding it only if its name resolves to internal addresses alone', async () => {
    expect(await targets.refuses('https://inside.hooks.test/in')).toBe(true);
    expect(await targets.refuses('https://mixed.hooks.test/in')).toBe(false);
    expect(await targets.refuses('https://public.hooks.test/in')).toBe(false);
    // Unknown now: decided at every delivery.
    expect(await targets.refuses('https://unknown.hooks.test/in')).toBe(false);
    expect(await targets.refuses('https://0x7f000001/in')).toBe(true);
  });
});
