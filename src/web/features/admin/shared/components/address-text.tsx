import { revealInvisible } from '../../../../../contract/email-rules.ts';
import { emailTextClass } from './table-styles.ts';

/**
 * An address as a list shows it: invisible and control characters written as their code points
 * (so `support@\u202eoc.lapyap` cannot pass for another address), and a mark on stored text that
 * is not one mailbox, which is never mailed.
 */
export function AddressText({
  email,
  notOneMailbox,
  onOpen,
}: {
  email: string;
  notOneMailbox?: boolean | undefined;
  /** Given: the address is a button that opens everything about it. */
  onOpen?: ((email: string) => void) | undefined;
}) {
  const shown = revealInvisible(email);
  return (
    <>
      {onOpen ? (
        <button
          type="button"
          aria-label={`Open ${shown}`}
          title={shown}
          onClick={() => onOpen(email)}
          className={`${emailTextClass} cursor-pointer rounded-sm text-left underline-offset-2 hover:text-gold-300 hover:underline`}
        >
          {shown}
        </button>
      ) : (
        <span className={emailTextClass} title={shown}>
          {shown}
        </span>
      )}
      {notOneMailbox ? (
        <span
          data-address-problem="not-one-mailbox"
          title="Stored before addresses were checked as one mailbox; it is never mailed"
          className="inline-block shrink-0 rounded-full bg-red-500/15 px-2 py-px text-[11px] leading-4 font-medium whitespace-nowrap text-red-200"
        >
          Not one address
        </span>
      ) : null}
    </>
  );
}
