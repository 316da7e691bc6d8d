/**
 * The local mail catcher's latest messages (shown only when the server has one): subject and
 * recipient, and the text part when a message is opened.
 */
import { useMailbox } from '../api/get-mailbox.ts';
import { formatDate } from '../../shared/components/format-date.ts';

const SHOWN = 5;

export function MailboxList() {
  const mailbox = useMailbox();
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
            <li key={message.id} className="rounded-lg border border-ink-700">
              {/* A native disclosure: the text opens with Enter or Space, no script needed. */}
              <details>
                <summary className="cursor-pointer rounded-lg p-3 hover:bg-ink-800">
                  <span className="font-medium break-all text-ink-100">{message.subject}</span>
                  <span className="block text-ink-300">
                    To {message.to} · {formatDate(message.receivedAt)}
                  </span>
                </summary>
                <pre className="border-t border-ink-700 p-3 font-sans text-xs break-words whitespace-pre-wrap text-ink-100">
                  {message.text}
                </pre>
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
