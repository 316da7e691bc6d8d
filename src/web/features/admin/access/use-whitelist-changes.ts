/**
 * The whitelist changes made from the lists' rows (spec sections 2 and 4): Add opens the add
 * dialog (which may send the invitation), Remove changes at once, and each change is confirmed
 * in a notice whose Undo puts the address back. A bulk change is confirmed there too.
 */
import { useCallback, useRef, useState } from 'react';
import type { BulkAction, BulkWhitelistResponse } from '../../../../contract/waves.ts';
import { trackEvent } from '../../../lib/analytics/analytics.ts';
import { ADD_FAILED_MESSAGE, useAddToWhitelist } from './api/add-to-whitelist.ts';
import { REMOVE_FAILED_MESSAGE, useRemoveFromWhitelist } from './api/remove-from-whitelist.ts';
import type { WhitelistNotice } from './components/whitelist-toast.tsx';

export function useWhitelistChanges({
  onChanged,
  onError,
  focusRow,
}: {
  /** A change went through: an earlier failure's message goes. */
  onChanged: () => void;
  onError: (caught: Error, fallback: string) => void;
  /** Puts focus back on an address's row action, as a dialog's trigger would get it. */
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
  const noticeCount = useRef(0);
  const dismissNotice = useCallback(() => setNotice(null), [setNotice]);

  function show(next: Omit<WhitelistNotice, 'id'>) {
    noticeCount.current += 1;
    setNotice({ id: noticeCount.current, ...next });
  }

  /** The confirmation of a change, whose Undo puts the address back as it was. */
  function announce(text: string, email: string, wasListed: boolean) {
    show({
      text,
      undoLabel: `Undo: ${wasListed ? 'add' : 'remove'} ${email} ${wasListed ? 'to' : 'from'} the whitelist again`,
      undo: () => undo(email, wasListed),
    });
  }

  /** Closes the dialog and puts focus back on the row's action button, as a trigger would. */
  function closeDialog(email: string) {
    setDialogEmail(null);
    window.setTimeout(() => focusRow(email), 0);
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
        announce(`Added ${email} to the whitelist.`, email, false);
      },
      onError: (caught) => onError(caught, ADD_FAILED_MESSAGE),
    });
  }

  /** The invitation put the address on the whitelist (on the server, with the mail). */
  function invited() {
    onChanged();
    trackEvent({ action: 'whitelist_add', category: 'admin', label: 'invitation' });
  }

  /** The add dialog closed after the invitation went out. */
  function completeInvitation(email: string) {
    closeDialog(email);
    announce(`Added ${email} to the whitelist.`, email, false);
  }

  function remove(email: string) {
    if (busyEmail) return;
    removeAddress.mutate(email, {
      onSuccess: () => {
        onChanged();
        trackEvent({ action: 'whitelist_remove', category: 'admin' });
        announce(`Removed ${email} from the whitelist.`, email, true);
      },
      onError: (caught) => onError(caught, REMOVE_FAILED_MESSAGE),
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
        show({
          text: wasListed
            ? `${email} is on the whitelist again.`
            : `${email} is no longer on the whitelist.`,
        });
      },
      onError: (caught) => {
        setNotice(null);
        onError(caught, wasListed ? ADD_FAILED_MESSAGE : REMOVE_FAILED_MESSAGE);
      },
    });
  }

  /** The confirmation of a bulk change: how many of the selection changed. */
  function announceBulk(action: BulkAction, result: BulkWhitelistResponse) {
    show({
      text: `${action === 'add' ? 'Added' : 'Removed'} ${result.changed.toLocaleString('en-US')} of ${result.count.toLocaleString('en-US')} ${action === 'add' ? 'to' : 'from'} the whitelist.`,
    });
  }

  return {
    busyEmail,
    dialogEmail,
    openDialog,
    closeDialog,
    add,
    invited,
    completeInvitation,
    remove,
    notice,
    dismissNotice,
    announceBulk,
  };
}
