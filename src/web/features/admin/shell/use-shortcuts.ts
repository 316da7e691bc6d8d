/**
 * The dashboard's keys: `/` puts the cursor in the lists' search, Ctrl+K (Cmd+K on a Mac)
 * opens and closes the command menu. A `/` typed into a field is the field's; while a dialog
 * is open both keys are its own, except Ctrl+K in the menu itself, which closes it.
 */
import { useEffect, useRef } from 'react';

/** Inputs that take no typed text: a `/` pressed on them is a shortcut. */
const NOT_TEXT = new Set([
  'button',
  'checkbox',
  'color',
  'file',
  'image',
  'radio',
  'range',
  'reset',
  'submit',
]);

function takesText(element: Element | null): boolean {
  if (!(element instanceof HTMLElement)) return false;
  if (element.isContentEditable) return true;
  if (element instanceof HTMLInputElement) return !NOT_TEXT.has(element.type);
  return element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement;
}

/** The open dialog, if any: Radix marks its content with data-state="open". */
function openDialog(): Element | null {
  return document.querySelector('[role="dialog"][data-state="open"]');
}

/** Marks the command menu's dialog, so Ctrl+K inside it closes it. */
export const COMMAND_MENU_ATTRIBUTE = 'data-command-menu';

export function useShortcuts({
  onSearchKey,
  onMenuKey,
}: {
  /** `/` outside a field: focus the search. */
  onSearchKey: () => void;
  /** Ctrl+K or Cmd+K: open the menu, or close it when open. */
  onMenuKey: () => void;
}) {
  const handlers = useRef({ onSearchKey, onMenuKey });
  useEffect(() => {
    handlers.current = { onSearchKey, onMenuKey };
  });

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.isComposing) return;
      const dialog = openDialog();
      const menuKey =
        (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k';
      if (menuKey) {
        if (dialog && !dialog.hasAttribute(COMMAND_MENU_ATTRIBUTE)) return;
        // The browser's own Ctrl+K (its search bar) gives way on this page.
        event.preventDefault();
        handlers.current.onMenuKey();
        return;
      }
      const searchKey = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey;
      if (!searchKey || dialog || takesText(document.activeElement)) return;
      // Firefox's quick find gives way too.
      event.preventDefault();
      handlers.current.onSearchKey();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
