/** A question before a change that cannot be undone: the change, named, or Cancel. */
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { dangerButton, secondaryButton } from './panel-styles.ts';

export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  onConfirm,
  onClose,
}: {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[70] bg-black/70" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-[71] w-[min(92vw,30rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-ink-700 bg-ink-900 p-6 text-ink-100 shadow-2xl">
          <Dialog.Title className="text-xl font-semibold">{title}</Dialog.Title>
          <Dialog.Description className="mt-3 text-sm break-words text-ink-300">
            {description}
          </Dialog.Description>
          <div className="mt-5 flex flex-col gap-3">
            <button
              type="button"
              className={`${dangerButton} px-4 py-2 text-sm`}
              onClick={onConfirm}
            >
              {confirmLabel}
            </button>
            <Dialog.Close asChild>
              <button type="button" className={secondaryButton}>
                Cancel
              </button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
