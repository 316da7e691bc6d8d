import { isIP, type LookupFunction } from 'node:net';
import type { HostLookup, WebhookConfig } from '../../config.ts';
import {
  addressAllowList,
  addressVerdict,
  hostVerdict,
  mayConnect,
  type AddressAllowList,
} from '../../lib/public-address.ts';

/** How long adding an endpoint waits for its name's addresses before leaving it to delivery. */
const CHECK_LOOKUP_MS = 3000;

/** A delivery's host is, or resolves only to, an address the service may not reach. */
export class RefusedTargetError extends Error {
  override name = 'RefusedTargetError';
  readonly code = 'ERR_WEBHOOK_TARGET_REFUSED';
  constructor(host: string, addresses: string[]) {
    const shown = addresses.map((address) => `${address} (${addressVerdict(address).range})`);
    super(`${host} leads to ${shown.join(', ')}`);
  }
}

/** The rule on where webhooks go, at the two moments it is applied. */
export interface WebhookTargets {
  allowList: AddressAllowList;
  /**
   * The socket's lookup for every connection a delivery makes: it resolves the name and hands
   * the socket only the addresses the service may reach, so the address checked is the address
   * connected to, on every attempt (a name that resolves elsewhere the next time is checked
   * again). None left: the connection fails with RefusedTargetError.
   */
  lookup: LookupFunction;
  /**
   * A URL host that is a literal address, which sockets connect to without a lookup: the
   * address when the service may not reach it (RefusedTargetError), else nothing.
   */
  refusedLiteral(hostname: string): string | undefined;
  /**
   * Adding an endpoint: whether its URL already leads nowhere it may go (a literal internal
   * address, `localhost`, or a name whose every address now is internal). A name that does not
   * resolve now is left to delivery, which decides every attempt anew.
   */
  refuses(url: string): Promise<boolean>;
}

function wantedFamily(family: number | string | undefined): 4 | 6 | undefined {
  if (family === 4 || family === 'IPv4') return 4;
  if (family === 6 || family === 'IPv6') return 6;
  return undefined;
}

function notFound(hostname: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
}

function guardedLookup(allowList: AddressAllowList, resolve: HostLookup): LookupFunction {
  return (hostname, options, callback) => {
    void resolve(hostname).then(
      (answers) => {
        const family = wantedFamily(options.family);
        const wanted = answers.filter((answer) => !family || answer.family === family);
        const usable = wanted.filter((answer) => mayConnect(answer.address, allowList));
        const first = usable[0];
        if (!first) {
          const addresses = wanted.map((answer) => answer.address);
          callback(
            addresses.length > 0 ? new RefusedTargetError(hostname, addresses) : notFound(hostname),
            '',
          );
        } else if (options.all) {
          callback(null, usable);
        } else {
          callback(null, first.address, first.family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}

async function addressesNow(resolve: HostLookup, hostname: string): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<[]>((done) => {
    timer = setTimeout(() => done([]), CHECK_LOOKUP_MS);
  });
  try {
    const answers = await Promise.race([resolve(hostname).catch(() => []), late]);
    return answers.map((answer) => answer.address);
  } finally {
    clearTimeout(timer);
  }
}

export function webhookTargets(
  config: Pick<WebhookConfig, 'allowPrivateTargets' | 'lookup'>,
): WebhookTargets {
  const allowList = addressAllowList(config.allowPrivateTargets);
  return {
    allowList,
    lookup: guardedLookup(allowList, config.lookup),
    refusedLiteral(hostname) {
      const bare = hostname.replace(/^\[(.*)\]$/, '$1');
      return isIP(bare) !== 0 && !mayConnect(bare, allowList) ? bare : undefined;
    },
    async refuses(url) {
      const { hostname } = new URL(url);
      const verdict = hostVerdict(hostname, allowList);
      if (verdict !== 'undecided') return verdict === 'refused';
      const addresses = await addressesNow(config.lookup, hostname);
      return addresses.length > 0 && addresses.every((address) => !mayConnect(address, allowList));
    },
  };
}
