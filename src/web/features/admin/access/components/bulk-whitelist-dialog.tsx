/**
 * The confirmation of a bulk whitelist change: it counts the selection first (the selected rows,
 * or every row the list's filters keep) and asks with one number, the exact one: how many
 * addresses the change moves (those already so stay as they are). The selection's count goes
 * with the change; if the selection changed in between, the server refuses (409) and the dialog
 * shows the new count to confirm again.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useId, useState } from 'react';
import type {
  BulkAction,
  BulkSelection,
  BulkWhitelistResponse,
} from '../../../../../contract/waves.ts';
import { AdminApiError } from '../../shared/api/admin-request.ts';
import { BULK_FAILED_MESSAGE, useBulkWhitelist } from '../api/bulk-whitelist.ts';
import {
  BULK_PREVIEW_FAILED_MESSAGE,
  useBulkWhitelistPreview,
} from '../api/preview-bulk-whitelist.ts';

const primary =
  'rounded-full bg-gold-400 px-4 py-2 text-sm font-semibold text-ink-950 transition hover:bg-gold-300 disabled:cursor-not-allowed disabled:opacity-50';
const secondary =
  'rounded-full border border-ink-600 px-4 py-2 text-sm font-medium text-ink-100 transition hover:border-gold-400 disabled:cursor-not-allowed disabled:opacity-50';

function addresses(count: number) {
  return `${count.toLocaleString()} ${count === 1 ? 'address' : 'addresses'}`;
}

function errorText(caught: unknown, fallback: string) {
  return caught instanceof Error ? caught.message : fallback;
}

export interface BulkWhitelistDialogProps {
  action: BulkAction;
  /** `{emails}`: the selected rows; `{matching}`: the list's current filters, every page. */
  selection: BulkSelection;
  /** After the change: how many changed, and the invitations' wave, if any. */
  onDone: (result: BulkWhitelistResponse) => void;
  onClose: () => void;
  /** 401 and 403 end the dashboard; true when that happened. */
  onSessionEnded: (error: unknown) => boolean;
}

export function BulkWhitelistDialog({
  action,
  selection,
  onDone,
  onClose,
  onSessionEnded,
}: BulkWhitelistDialogProps) {
  const counted = useBulkWhitelistPreview({ action, selection });
  const change = useBulkWhitelist();
  const [invite, setInvite] = useState(true);
  const inviteId = useId();
  const adding = action === 'add';
  // A count that could not be made (again) is no count to confirm.
  const preview = counted.isError ? undefined : counted.data;
  const busy = change.isPending || counted.isFetching;

  useEffect(() => {
    if (counted.error) onSessionEnded(counted.error);
  }, [counted.error, onSessionEnded]);

  // The change's failure, else the count's: after a refused change the new count is shown with
  // the refusal, and a failure to count again leaves the refusal on screen.
  const error = change.error
    ? errorText(change.error, BULK_FAILED_MESSAGE)
    : counted.error
      ? errorText(counted.error, BULK_PREVIEW_FAILED_MESSAGE)
      : null;

  function confirm() {
    if (!preview) return;
    change.mutate(
      {
        action,
        selection,
        invite: adding && invite,
        expectedCount: preview.count,
      },
      {
        onSuccess: onDone,
        onError: (caught) => {
          if (onSessionEnded(caught)) return;
          // The selection changed since it was counted: count it again to confirm.
          if (caught instanceof AdminApiError && caught.status === 409) void counted.refetch();
        },
      },
    );
  }

  // The number asked is the one that changes: a selection partly on the whitelist adds fewer.
  const changes = preview?.changes ?? 0;
  const title = !preview
    ? 'Counting the selection...'
    : changes === 0
      ? `Nothing to ${action}: the selection is already ${adding ? 'on' : 'off'} the whitelist`
      : `${adding ? 'Add' : 'Remove'} ${addresses(changes)} ${adding ? 'to' : 'from'} the whitelist?`;
  const description = !preview
    ? 'The exact count is shown before anything changes.'
    : changes === 0
      ? 'Choose other rows, or change the filters, to make a change.'
      : `${
          changes < preview.count
            ? `The rest of the selection is already ${adding ? 'on' : 'off'} the whitelist and stays as it is. `
            : ''
        }Each change is written to the audit log.`;

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[70] bg-black/70" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-[71] max-h-[90vh] w-[min(92vw,32rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-ink-700 bg-ink-900 p-6 text-ink-100 shadow-2xl">
          <Dialog.Title className="text-xl font-semibold">{title}</Dialog.Title>
          <Dialog.Description className="mt-3 text-sm text-ink-300">
            {description}
          </Dialog.Description>
          {preview && changes > 0 && preview.sample.length > 0 ? (
            <>
              <p className="mt-3 text-sm text-ink-300">The selection starts with:</p>
              <ul className="mt-1 space-y-0.5 font-mono text-xs text-ink-100">
                {preview.sample.map((email) => (
                  <li key={email} className="truncate" title={email}>
                    {email}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {adding && preview && changes > 0 ? (
            <label htmlFor={inviteId} className="mt-4 flex items-center gap-2 text-sm">
              <input
                id={inviteId}
                type="checkbox"
                checked={invite}
                onChange={(event) => setInvite(event.target.checked)}
                className="accent-gold-400"
              />
              Send the early-access invitation to those added
            </label>
          ) : null}
          {error ? (
            <p
              role="alert"
              className="mt-4 rounded-lg border border-red-500/60 bg-red-950/60 p-3 text-sm break-words text-red-100"
            >
              {error}
            </p>
          ) : null}
          <div className="mt-5 flex flex-col gap-3">
            <button
              type="button"
              className={primary}
              disabled={busy || !preview || changes === 0}
              onClick={confirm}
            >
              {preview ? `${adding ? 'Add' : 'Remove'} ${addresses(changes)}` : 'Counting...'}
            </button>
            <Dialog.Close asChild>
              <button type="button" className={secondary}>
                Cancel
              </button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
