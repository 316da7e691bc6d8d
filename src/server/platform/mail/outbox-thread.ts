import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DatabaseConfig, MailConfig } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { createDeliverer } from './deliver-mail.ts';
import { createMailTransport, type SmtpTarget } from './mail-transport.ts';
import type { OutboxOutcome, OutboxRow } from './outbox-repository.ts';
import { startOutboxWorker, type OutboxWorker } from './outbox-worker.ts';

/** What the sender needs besides its database: plain data, so a thread can be given it. */
export interface SenderSettings {
  publicUrl: string;
  mail: MailConfig;
  target: SmtpTarget;
  /** The mail secret, from which each kind of signed link derives its own key. */
  secret: string;
}

export interface ThreadSettings extends SenderSettings {
  database: DatabaseConfig;
  logLevel: string;
  /** The URL of the module that installs the mail templates (src/server/mail-templates.ts). */
  templatesModule: string;
}

/**
 * Messages between the service and its sender thread. Calls made in one turn of the event loop
 * travel in one message, and so do the outcomes the thread has in one turn: waking the other
 * thread costs more than the message (about 150 µs a message on a two-core virtual machine).
 */
export type ToThread =
  { type: 'deliver'; calls: { call: number; row: OutboxRow }[] } | { type: 'close' };
export type Answer = { call: number; outcome: OutboxOutcome } | { call: number; threw: string };
export type FromThread = { type: 'ready' } | { type: 'answers'; answers: Answer[] };

/**
 * Collects what is handed to it in one turn of the event loop and passes it on together at the
 * end of the turn.
 */
export function perTurn<T>(flush: (items: T[]) => void): (item: T) => void {
  let items: T[] = [];
  return (item) => {
    items.push(item);
    if (items.length > 1) return;
    setImmediate(() => {
      const batch = items;
      items = [];
      flush(batch);
    });
  };
}

/** A sender that renders and sends one leased message a call, and is closed once. */
export interface Sender {
  deliver(row: OutboxRow): Promise<OutboxOutcome>;
  close(): Promise<void>;
}

/** The sender on the calling thread: its transport and the given database. */
export function startSender(db: Kysely<Database>, settings: SenderSettings): Sender {
  const transport = createMailTransport(settings.target, settings.mail);
  return {
    deliver: createDeliverer({ db, ...settings, transport }),
    close() {
      transport.close();
      return Promise.resolve();
    },
  };
}

const THREAD_ENTRY = new URL('./outbox-thread-main.ts', import.meta.url);
/** A sender thread that died is started again after this long. */
const RESTART_MS = 1000;

/**
 * The sender on a thread of its own: rendering, the checks before a send (reads on a database
 * connection of its own) and SMTP run there, never on the requests' event loop. Calls in flight
 * when the thread dies fail (the worker records a retry) and the thread is started again.
 */
async function startSenderThread(settings: ThreadSettings, log: FastifyBaseLogger) {
  const pending = new Map<number, { resolve(o: OutboxOutcome): void; reject(e: Error): void }>();
  let calls = 0;
  let thread: Worker;
  let closing = false;

  function start(): Promise<void> {
    return new Promise((resolve, reject) => {
      let ready = false;
      thread = new Worker(THREAD_ENTRY, { workerData: settings, name: 'mail sender' });
      thread.on('message', (message: FromThread) => {
        if (message.type === 'ready') {
          ready = true;
          resolve();
          return;
        }
        for (const answer of message.answers) {
          const call = pending.get(answer.call);
          pending.delete(answer.call);
          if ('outcome' in answer) call?.resolve(answer.outcome);
          else call?.reject(new Error(answer.threw));
        }
      });
      thread.on('error', (error) => {
        log.error({ err: error }, 'mail sender thread failed');
        if (!ready) reject(error instanceof Error ? error : new Error(String(error)));
      });
      thread.on('exit', (code) => {
        for (const call of pending.values()) call.reject(new Error(`sender thread exited`));
        pending.clear();
        if (closing || !ready) return;
        log.error({ code }, 'mail sender thread exited; starting it again');
        setTimeout(() => {
          if (!closing) start().catch(() => undefined);
        }, RESTART_MS).unref();
      });
    });
  }

  await start();
  // A call failed by the thread's exit before its turn ended is not handed to the next thread:
  // the worker has already recorded it as a retry.
  const post = perTurn((batch: { call: number; row: OutboxRow }[]) => {
    const calls = batch.filter(({ call }) => pending.has(call));
    if (calls.length > 0) thread.postMessage({ type: 'deliver', calls } satisfies ToThread);
  });
  const sender: Sender = {
    deliver: (row) =>
      new Promise((resolve, reject) => {
        const call = ++calls;
        pending.set(call, { resolve, reject });
        post({ call, row });
      }),
    async close() {
      closing = true;
      thread.postMessage({ type: 'close' } satisfies ToThread);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        new Promise((resolve) => thread.once('exit', resolve)),
        new Promise((resolve) => (timer = setTimeout(resolve, 5000))),
      ]);
      clearTimeout(timer);
      await thread.terminate();
    },
  };
  return sender;
}

/**
 * The outbox worker of this instance. It leases and finishes messages on the service's own
 * database connection (SQLite has one writer: a second one would make the requests wait for its
 * locks); each message is rendered and sent by the sender, on a thread of its own
 * (MAIL_WORKER=thread, the default) or inline on the service's event loop.
 */
export async function startMailWorker(
  db: Kysely<Database>,
  log: FastifyBaseLogger,
  settings: ThreadSettings,
): Promise<OutboxWorker> {
  const sender =
    settings.mail.worker === 'thread'
      ? await startSenderThread(settings, log)
      : startSender(db, settings);
  // Inline, rendering and SMTP are the loop's own load: the worker would hold itself back.
  const worker = startOutboxWorker(db, log, settings.mail.outbox, (row) => sender.deliver(row), {
    yieldToRequests: settings.mail.worker === 'thread',
  });
  return {
    ...worker,
    async stop(waitMs) {
      await worker.stop(waitMs);
      await sender.close();
    },
  };
}
