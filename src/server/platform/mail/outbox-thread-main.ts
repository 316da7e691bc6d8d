import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../../db/database.ts';
import {
  perTurn,
  startSender,
  type Answer,
  type FromThread,
  type ThreadSettings,
  type ToThread,
} from './outbox-thread.ts';

/** The sender thread's nice value (0 is the service's; 19 the lowest priority). */
const SENDER_NICE = 10;

/**
 * The mail sender thread (outbox-thread.ts): renders and sends the messages the service's outbox
 * worker leased, with its own transport and its own database connection for the checks before
 * a send (it only reads).
 */
const settings = workerData as ThreadSettings;

// Requests come first: on Linux a nice value belongs to a thread, and 0 names the calling one, so
// this thread yields the CPU to the event loop whenever both want it, and has it all otherwise.
if (process.platform === 'linux') setPriority(0, SENDER_NICE);
const port = parentPort!;
const send = (message: FromThread) => port.postMessage(message);
// The features' templates, installed in this thread as app.ts installs them in the service's.
await import(settings.templatesModule);
const database = openDatabase(settings.database);
const sender = startSender(database.db, settings);

// The outcomes of one turn go back together.
const answer = perTurn((answers: Answer[]) => send({ type: 'answers', answers }));

port.on('message', (message: ToThread) => {
  if (message.type === 'deliver') {
    for (const { call, row } of message.calls) {
      sender.deliver(row).then(
        (outcome) => answer({ call, outcome }),
        (error: unknown) =>
          answer({ call, threw: error instanceof Error ? error.message : String(error) }),
      );
    }
    return;
  }
  void sender
    .close()
    .then(() => database.close())
    .finally(() => port.close());
});
send({ type: 'ready' });
