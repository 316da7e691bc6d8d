import { startSmtpSink } from '../scripts/crash/smtp-sink.ts';

/**
 * The mail provider of bench/run.ts, in a process of its own as a provider would be: a real SMTP
 * server that accepts every message. The parent asks over IPC how many arrived and, at the end,
 * for every envelope recipient with the number of messages it got.
 */
type Question = { type: 'progress' } | { type: 'recipients' };

let delivered = 0;
let lastAt = 0;
const recipients = new Map<string, number>();
const sink = await startSmtpSink({
  onAccepted(rcptTo) {
    delivered += 1;
    lastAt = Date.now();
    for (const address of rcptTo) recipients.set(address, (recipients.get(address) ?? 0) + 1);
  },
});

process.on('message', (question: Question) => {
  if (question.type === 'progress') process.send?.({ delivered, lastAt });
  else process.send?.({ recipients: [...recipients] });
});
process.on('disconnect', () => void sink.close().finally(() => process.exit(0)));
process.send?.({ url: sink.url });
