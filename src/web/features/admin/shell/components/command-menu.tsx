/**
 * The command menu: Ctrl+K or Cmd+K, or the search button in the header, opens it; `/` puts the
 * cursor in the lists' search (from a view without it, Signups opens first). It finds a person
 * by address as one types (choosing one opens their panel, `?person=`), opens any view the role
 * is offered, and starts the common actions. An admin whitelists a found person with the
 * invitation after one confirm, or takes one off the whitelist, and starts the next wave; anyone
 * exports the list or opens the mail queue. A viewer is offered nothing they cannot do.
 *
 * cmdk makes the combobox and its arrow keys; Radix's dialog, as every dialog here, traps the
 * focus, closes on Escape and gives the focus back to where it was.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useRef } from 'react';
import type { ViewId } from '../admin-views.ts';
import { COMMAND_MENU_ATTRIBUTE, useShortcuts } from '../use-shortcuts.ts';
import { activePanel, searchBox, useViewFocus, type FocusTarget } from '../use-view-focus.ts';
import { CommandMenuBody, type MenuSteps, type MenuWhitelist } from './command-menu-body.tsx';

/** What happens once the menu has closed: focus goes to the next step, or another step runs. */
interface AfterClose {
  focus?: () => void;
  then?: () => void;
}

export function CommandMenu({
  open,
  onOpenChange,
  view,
  onView,
  readOnly,
  listQuery,
  onSearchLists,
  onOpenPerson,
  whitelist,
  onSessionEnded,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The view on screen, and how to open another. */
  view: ViewId;
  onView: (view: ViewId) => void;
  readOnly: boolean;
  /** The lists' search and filters, as their export takes them. */
  listQuery: Record<string, string | undefined>;
  /** Puts text in the lists' search. */
  onSearchLists: (text: string) => void;
  /** Opens a person's panel. */
  onOpenPerson: (email: string) => void;
  /** Absent for a viewer, who changes nothing. */
  whitelist: MenuWhitelist | null;
  onSessionEnded: (error: unknown) => boolean;
}) {
  const focusIn = useViewFocus(view);
  const afterClose = useRef<AfterClose | null>(null);
  /** Where the focus was when the menu opened, to give it back. */
  const openedFrom = useRef<HTMLElement | null>(null);
  const listView = view === 'signups' || view === 'users' ? view : null;

  useShortcuts({
    onSearchKey: () => {
      const target = listView ?? 'signups';
      if (target !== view) onView(target);
      focusIn(target, searchBox);
    },
    onMenuKey: () => onOpenChange(!open),
  });

  const steps: MenuSteps = {
    close: (then) => {
      afterClose.current = then ? { then } : null;
      onOpenChange(false);
    },
    // The panel opens once the menu has gone and given the focus back: the panel gives it back
    // there in turn when it closes.
    openPerson: (email) => steps.close(() => onOpenPerson(email)),
    goTo: (target: ViewId, focus: FocusTarget = activePanel) => {
      if (target !== view) onView(target);
      afterClose.current = { focus: () => focusIn(target, focus) };
      onOpenChange(false);
    },
    searchLists: (text, list = listView ?? 'users') => {
      onSearchLists(text);
      steps.goTo(list, searchBox);
    },
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[70] bg-black/60" />
        <Dialog.Content
          {...{ [COMMAND_MENU_ATTRIBUTE]: '' }}
          onOpenAutoFocus={() => {
            // Radix asks before it moves the focus in: it is still where the menu was opened.
            const from = document.activeElement;
            openedFrom.current =
              from instanceof HTMLElement && from !== document.body ? from : null;
          }}
          onCloseAutoFocus={(event) => {
            // Radix would focus a trigger, and the menu has none (its keys open it too).
            event.preventDefault();
            const after = afterClose.current;
            afterClose.current = null;
            if (after?.focus) after.focus();
            else if (openedFrom.current?.isConnected) openedFrom.current.focus();
            openedFrom.current = null;
            after?.then?.();
          }}
          className="fixed top-[6vh] left-1/2 z-[71] flex max-h-[88vh] w-[min(94vw,40rem)] -translate-x-1/2 flex-col overflow-hidden rounded-xl border border-ink-600 bg-ink-900 text-ink-100 shadow-2xl shadow-black/60 sm:top-[12vh] sm:max-h-[76vh]"
        >
          <Dialog.Title className="sr-only">Command menu</Dialog.Title>
          <Dialog.Description className="sr-only">
            Find a person by address, open a view or start an action.
          </Dialog.Description>
          {/* Mounted while open: each opening starts with an empty search. */}
          <CommandMenuBody
            view={view}
            listView={listView}
            readOnly={readOnly}
            listQuery={listQuery}
            whitelist={whitelist}
            steps={steps}
            onSessionEnded={onSessionEnded}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
