/**
 * The whitelist changes made from the lists' rows (spec sections 2 and 4): Add opens the add
 * dialog (which may send the invitation), Remove changes at once. What became of each change
 * is a notice beside its row (components/whitelist-notice.tsx): Undo puts the address back, and
 * a failure names the address and offers Retry, while the page's banner keeps the server's
 * message (spec section 8). A bulk change is confirmed there too.
 */
import { useCallback, useRef, useState } from 'react';
import type { BulkAction, BulkWhitelistResponse } from '../../../../contract/waves.ts';
import { trackEvent } from '../../../lib/analytics/analytics.ts';
import { ADD_FAILED_MESSAGE, useAddToWhitelist } from './api/add-to-whitelist.ts';
import { REMOVE_FAILED_MESSAGE, useRemoveFromWhitelist } from './api/remove-from-whitelist.ts';
import type { WhitelistNotice } from './components/whitelist-notice.tsx';

type Change = 'add' | 'remove';

const DONE_WORDS = {
  add: (email: string) => `Added ${email} to the whitelist.`,
  remove: (email: string) => `Removed ${email} from the whitelist.`,
};
const FAILED_WORDS = {
  add: (email: string) => `Could not add ${email} to the whitelist.`,
  remove: (email: string) => `Could not remove ${email} from the whitelist.`,
};

function addresses(count: number) {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'address' : 'addresses'}`;
}

export function useWhitelistChanges({
  onChanged,
  onError,
  focusRow,
}: {
  /** A change went through: an earlier failure's message goes. */
  onChanged: () => void;
  onError: (caught: Error, fallback: string) => void;
  /** Puts focus on an address's row action, as a dialog's trigger would get it. */
  focusRow: (email: string) => void;
}) {
  const addAddress = useAddToWhitelist();
  const removeAddress = useRemoveFromWhitelist();
  /** The address whose whitelist change is in flight; its button waits. */
  const busyEmail =
    (addAddress.isPending ? addAddress.variables : undefined) ??
    (removeAddress.isPending ? removeAddress.variables : undefined) ??
    null;
  const [dialogEmail, setDialogEmail] = useState<string | null>(null);
  const [notice, setNotice] = useState<WhitelistNotice | null>(null);
  /** The notice as last set, read by focus moves that run after the render. */
  const latest = useRef<WhitelistNotice | null>(null);
  const noticeCount = useRef(0);
  /** The notice still to take focus, once, when it first shows. */
  const focusDue = useRef<number | null>(null);
  const claimFocus = useCallback((id: number) => {
    if (focusDue.current !== id) return false;
    focusDue.current = null;
    return true;
  }, []);

  function show(next: Omit<WhitelistNotice, 'id'>) {
    noticeCount.current += 1;
    latest.current = { id: noticeCount.current, ...next };
    focusDue.current = next.takeFocus ? noticeCount.current : null;
    setNotice(latest.current);
  }

  /** Dismissed: with focus inside, it goes back to the row's action. */
  function dismissNotice(hadFocus = false) {
    const email = latest.current?.email;
    latest.current = null;
    setNotice(null);
    if (hadFocus && email) window.setTimeout(() => focusRow(email), 0);
  }

  /**
   * A change went through; Undo puts the address back as it was. After an addition focus rests
   * on the notice, never on the row's new Remove button.
   */
  function announce(change: Change, email: string, text = DONE_WORDS[change](email)) {
    const wasListed = change === 'remove';
    show({
      email,
      tone: 'done',
      text,
      takeFocus: change === 'add',
      action: {
        label: 'Undo',
        ariaLabel: `Undo: ${wasListed ? 'add' : 'remove'} ${email} ${wasListed ? 'to' : 'from'} the whitelist again`,
        run: () => undo(email, wasListed),
      },
    });
  }

  /** A change failed: the banner has the server's words; beside the row, who and Retry. */
  function failed(
    change: Change,
    email: string,
    caught: Error,
    retry: () => void,
    takeFocus = false,
  ) {
    onError(caught, change === 'add' ? ADD_FAILED_MESSAGE : REMOVE_FAILED_MESSAGE);
    show({
      email,
      tone: 'failed',
      text: FAILED_WORDS[change](email),
      takeFocus,
      action: {
        label: 'Retry',
        ariaLabel: `Retry: ${change} ${email} ${change === 'add' ? 'to' : 'from'} the whitelist`,
        run: retry,
      },
    });
  }

  /**
   * Focus back from the add dialog: on the address's notice when it takes focus (the invitation
   * let the address in), else on the row's action, as a dialog's trigger would get it. Run after
   * the render, when the notice is in the page.
   */
  function returnFocus(email: string) {
    window.setTimeout(() => {
      const current = latest.current;
      const box =
        current?.email === email && current.takeFocus
          ? document.querySelector<HTMLElement>(`[data-notice="${current.id}"]`)
          : null;
      if (box) box.focus();
      else focusRow(email);
    }, 0);
  }

  function closeDialog(email: string) {
    setDialogEmail(null);
    returnFocus(email);
  }

  function openDialog(email: string) {
    if (!busyEmail) setDialogEmail(email);
  }

  /** The add dialog's Skip: the addition alone. */
  function add(email: string) {
    closeDialog(email);
    if (busyEmail) return;
    addAddress.mutate(email, {
      onSuccess: () => {
        onChanged();
        trackEvent({ action: 'whitelist_add', category: 'admin' });
        announce('add', email);
      },
      onError: (caught) => failed('add', email, caught, () => add(email)),
    });
  }

  /** The invitation put the address on the whitelist (on the server, with the mail). */
  function invited() {
    onChanged();
    trackEvent({ action: 'whitelist_add', category: 'admin', label: 'invitation' });
  }

  /**
   * The add dialog closed with the address let in by the invitation: sent, or refused by the
   * mail server after the address was in.
   */
  function completeInvitation(email: string, { mailed = true }: { mailed?: boolean } = {}) {
    announce(
      'add',
      email,
      mailed
        ? `Added ${email} to the whitelist; the invitation is sent.`
        : `Added ${email} to the whitelist, without the invitation.`,
    );
    closeDialog(email);
  }

  function remove(email: string) {
    if (busyEmail) return;
    removeAddress.mutate(email, {
      onSuccess: () => {
        onChanged();
        trackEvent({ action: 'whitelist_remove', category: 'admin' });
        announce('remove', email);
      },
      onError: (caught) => failed('remove', email, caught, () => remove(email)),
    });
  }

  function undo(email: string, wasListed: boolean) {
    if (busyEmail) return;
    // Undoing an addition sends no mail; an invitation already sent stays sent.
    (wasListed ? addAddress : removeAddress).mutate(email, {
      onSuccess: () => {
        onChanged();
        trackEvent({
          action: wasListed ? 'whitelist_add' : 'whitelist_remove',
          category: 'admin',
          label: 'undo',
        });
        // The Undo button goes with the notice it was in: focus moves to the new one.
        show({
          email,
          tone: 'done',
          takeFocus: true,
          text: wasListed
            ? `${email} is on the whitelist again.`
            : `${email} is no longer on the whitelist.`,
        });
      },
      onError: (caught) =>
        failed(wasListed ? 'add' : 'remove', email, caught, () => undo(email, wasListed), true),
    });
  }

  /** The confirmation of a bulk change: the one number that changed. */
  function announceBulk(action: BulkAction, result: BulkWhitelistResponse) {
    const changed = addresses(result.changed);
    show({
      tone: 'done',
      text:
        action === 'add'
          ? `Added ${changed} to the whitelist${result.wave && result.changed > 0 ? '; their invitations are queued' : ''}.`
          : `Removed ${changed} from the whitelist.`,
    });
  }

  return {
    busyEmail,
    dialogEmail,
    openDialog,
    closeDialog,
    returnFocus,
    add,
    invited,
    completeInvitation,
    remove,
    notice,
    dismissNotice,
    claimFocus,
    announceBulk,
  };
}
