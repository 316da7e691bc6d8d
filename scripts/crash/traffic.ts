import { randomBytes } from 'node:crypto';
import { SIGNUP_TYPES, type SignupType } from '../../src/contract/signup-types.ts';
import { send, type Call, type Reply } from './http-client.ts';
import type { ServiceProcess } from './service-process.ts';

/**
 * What became of one request: a complete 2xx answer of the right shape (`acknowledged`), no
 * complete answer (`cut`: refused, reset or cut off by a kill), or any other answer (`rejected`).
 */
export type Outcome = 'acknowledged' | 'cut' | 'rejected';

export interface SignupRequestRecord {
  email: string;
  signupType: SignupType;
  outcome: Outcome;
}

export interface WhitelistStep {
  action: 'add' | 'remove';
  outcome: Outcome;
}

export interface EmailRequestRecord {
  to: string;
  /** The template asked for; undefined for the early-access route, which picks its own. */
  template: string | undefined;
  outcome: Outcome;
  messageId: string | undefined;
}

export interface Ledger {
  signups: SignupRequestRecord[];
  /**
   * One chain per address: an add, then maybe a remove, each sent only after the one before was
   * acknowledged. No two requests for one address are ever in flight together, so the state an
   * acknowledged chain leaves is unambiguous.
   */
  whitelist: Map<string, WhitelistStep[]>;
  emails: EmailRequestRecord[];
  /** Answers that were neither acknowledgements nor cut, as "route status" -> count. */
  rejections: Map<string, number>;
  /** Why requests were cut, as error code -> count. */
  cutReasons: Map<string, number>;
}

/** Lets requests through while a life of the service is up and holds them while it is down. */
export class Gate {
  #service: ServiceProcess | undefined;
  #stopped = false;
  #waiting: ((service: ServiceProcess | undefined) => void)[] = [];

  open(service: ServiceProcess): void {
    this.#service = service;
    this.#release(service);
  }

  close(): void {
    this.#service = undefined;
  }

  stop(): void {
    this.#stopped = true;
    this.#service = undefined;
    this.#release(undefined);
  }

  /** The service to send to, once one is up; undefined when the traffic stops. */
  next(): Promise<ServiceProcess | undefined> {
    if (this.#stopped || this.#service) return Promise.resolve(this.#service);
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  #release(service: ServiceProcess | undefined) {
    const waiting = this.#waiting;
    this.#waiting = [];
    for (const resolve of waiting) resolve(service);
  }
}

export interface TrafficOptions {
  gate: Gate;
  concurrency: number;
  /** An admin session token, sent as `Authorization: Bearer`. */
  token: string;
  /** Template ids the service lists, for the test-send route. */
  templates: string[];
  /** Makes this run's addresses unique among runs sharing a mail sink. */
  tag: string;
}

export interface Traffic {
  ledger: Ledger;
  /** Requests sent and not yet answered or failed. */
  inFlight(): number;
  /**
   * Sends each template once, side by side, and waits for the answers. A fresh service renders
   * its first mails slowly (modules load and compile on first use) and opens its SMTP
   * connections then; waiting for that before the kill timer starts lets sends be acknowledged
   * within the short life before the next kill.
   */
  warmUp(service: ServiceProcess): Promise<void>;
  /** Waits for every worker to finish its last request; call after `gate.stop()`. */
  finished(): Promise<void>;
}

const EMAIL_SHARE = 0.1;
const WHITELIST_SHARE = 0.2;
/**
 * The service sends over a pool of three SMTP connections; more sends than that only queue in
 * it, and slow sends would hold every worker, starving the other writes.
 */
const MAX_EMAILS_IN_FLIGHT = 3;

const pick = <T>(items: readonly T[]): T => {
  const item = items[Math.floor(Math.random() * items.length)];
  if (item === undefined) throw new Error('nothing to pick from');
  return item;
};

function isObject(body: unknown): body is Record<string, unknown> {
  return typeof body === 'object' && body !== null;
}

function count(counts: Map<string, number>, key: string) {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

/** Runs `concurrency` workers, each sending one request at a time, until the gate stops. */
export function startTraffic(options: TrafficOptions): Traffic {
  const { gate, token, templates, tag } = options;
  const ledger: Ledger = {
    signups: [],
    whitelist: new Map(),
    emails: [],
    rejections: new Map(),
    cutReasons: new Map(),
  };
  const removable: string[] = [];
  let sequence = 0;
  let inFlight = 0;
  let emailsInFlight = 0;

  const address = (kind: string) =>
    `${kind}-${tag}-${(sequence++).toString(36)}-${randomBytes(3).toString('hex')}@example.com`;

  async function call(
    service: ServiceProcess,
    request: Omit<Call, 'agent' | 'port'>,
    accepted: (body: Record<string, unknown>) => boolean,
  ): Promise<{ outcome: Outcome; body: Record<string, unknown> }> {
    inFlight++;
    let reply: Reply;
    try {
      reply = await send({ ...request, agent: service.agent, port: service.port });
    } finally {
      inFlight--;
    }
    if (!reply.answered) {
      count(ledger.cutReasons, reply.reason);
      return { outcome: 'cut', body: {} };
    }
    const body = isObject(reply.body) ? reply.body : {};
    if (reply.status >= 200 && reply.status < 300 && accepted(body)) {
      return { outcome: 'acknowledged', body };
    }
    count(ledger.rejections, `${request.method} ${request.path} ${reply.status}`);
    return { outcome: 'rejected', body };
  }

  async function signup(service: ServiceProcess) {
    const email = address('signup');
    const signupType = pick(SIGNUP_TYPES);
    const { outcome } = await call(
      service,
      { method: 'POST', path: '/api/utility/signup', body: { email, signupType } },
      (body) => body.success === true,
    );
    ledger.signups.push({ email, signupType, outcome });
  }

  async function whitelistChange(service: ServiceProcess) {
    const listed = Math.random() < 0.5 ? removable.pop() : undefined;
    const email = listed ?? address('whitelist');
    const action = listed ? 'remove' : 'add';
    const { outcome } = await call(
      service,
      {
        method: action === 'add' ? 'POST' : 'DELETE',
        path: `/api/admin/whitelist/${action}`,
        body: { email },
        token,
      },
      (body) => body.success === true && body.isWhitelisted === (action === 'add'),
    );
    const steps = ledger.whitelist.get(email) ?? [];
    steps.push({ action, outcome });
    ledger.whitelist.set(email, steps);
    if (action === 'add' && outcome === 'acknowledged' && Math.random() < 0.6) {
      removable.push(email);
    }
  }

  async function emailSend(
    service: ServiceProcess,
    template = Math.random() < 0.5 ? pick(templates) : undefined,
  ) {
    const to = address('mail');
    emailsInFlight++;
    const { outcome, body } = await call(
      service,
      template === undefined
        ? { method: 'POST', path: '/api/email/early-access', body: { email: to }, token }
        : {
            method: 'POST',
            path: '/api/email/test',
            body: { email: to, templateType: template },
            token,
          },
      (answer) => answer.success === true && typeof answer.messageId === 'string',
    ).finally(() => emailsInFlight--);
    const messageId = typeof body.messageId === 'string' ? body.messageId : undefined;
    ledger.emails.push({ to, template, outcome, messageId });
  }

  async function worker() {
    for (;;) {
      const service = await gate.next();
      if (!service) return;
      const draw = Math.random();
      if (draw < EMAIL_SHARE && emailsInFlight < MAX_EMAILS_IN_FLIGHT) await emailSend(service);
      else if (draw < EMAIL_SHARE + WHITELIST_SHARE) await whitelistChange(service);
      else await signup(service);
    }
  }

  const workers = Array.from({ length: options.concurrency }, () => worker());
  return {
    ledger,
    inFlight: () => inFlight,
    warmUp: async (service) => {
      await Promise.all(templates.map((template) => emailSend(service, template)));
    },
    finished: async () => {
      await Promise.all(workers);
    },
  };
}
