/** The local mail catcher's latest messages, as text (shown only when the server has one). */
import { useMailbox } from '../api/get-mailbox.ts';
import { formatDate } from './format-date.ts';

const SHOWN = 5;

export function MailboxList({ version }: { version: number }) {
  const mailbox = useMailbox(version);
  if (!mailbox.data?.enabled) return null;
  const messages = mailbox.data.messages.slice(0, SHOWN);
  return (
    <section aria-labelledby="mailbox-heading" className="mt-6 border-t border-ink-700 pt-4">
      <h3 id="mailbox-heading" className="font-semibold text-ink-100">
        Local mailbox
      </h3>
      {messages.length === 0 ? (
        <p className="mt-2 text-sm text-ink-300">No mail received yet.</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-2 text-sm">
          {messages.map((message) => (
            <li key={message.id} className="rounded-lg border border-ink-700 p-3">
              <p className="font-medium break-all text-ink-100">{message.subject}</p>
              <p className="text-ink-300">
                To {message.to} · {formatDate(message.receivedAt)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
