/**
 * Focus that waits for a view: a shortcut or the command menu that opens another view puts the
 * cursor where the next step is (the search, the wave form) once that view is on screen. A view
 * change the URL makes later drops a wish left over.
 */
import { useCallback, useEffect, useRef } from 'react';
import type { ViewId } from './admin-views.ts';

/** Finds the element to focus in the view once it shows; null when it is not there. */
export type FocusTarget = () => HTMLElement | null;

export function useViewFocus(shown: ViewId) {
  const shownView = useRef(shown);
  const pending = useRef<{ view: ViewId; target: FocusTarget } | null>(null);

  useEffect(() => {
    shownView.current = shown;
    const wish = pending.current;
    pending.current = null;
    if (wish?.view !== shown) return;
    // A tab's content mounts in a render of its own, just after this one.
    const timer = window.setTimeout(() => wish.target()?.focus(), 0);
    return () => window.clearTimeout(timer);
  }, [shown]);

  /** Focuses `target` in `view`: now if the view shows, else as soon as it does. */
  return useCallback((view: ViewId, target: FocusTarget) => {
    if (shownView.current === view) {
      pending.current = null;
      target()?.focus();
    } else {
      pending.current = { view, target };
    }
  }, []);
}

/** The lists' search box (lists/components/list-search.tsx), on the two list views. */
export function searchBox(): HTMLInputElement | null {
  return document.querySelector<HTMLInputElement>('input#admin-search');
}

/** The open view's panel, which takes focus (Radix gives it tabindex 0). */
export function activePanel(): HTMLElement | null {
  return document.querySelector<HTMLElement>('[role="tabpanel"][data-state="active"]');
}
