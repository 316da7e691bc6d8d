/**
 * The views' tabs, in one line at every width. Where they do not all fit (a phone, a tablet)
 * the line scrolls sideways, as the tab strips of the Vercel and Stripe dashboards do on a
 * phone: every view stays one tap on its tab, the selected one is scrolled into sight, a faded
 * edge says there is more, and with a mouse a chevron at that edge scrolls. It stays one
 * tablist, so the arrow keys still go through every view (the focused tab scrolls into sight,
 * clear of the fades). The spec's three tabs come first, the tools after a quiet divider.
 */
import * as Tabs from '@radix-ui/react-tabs';
import { Fragment, useEffect, useRef, useState, type RefObject } from 'react';
import type { AdminView, ViewId } from '../admin-views.ts';

const tabTrigger =
  'shrink-0 rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap text-ink-300 transition hover:bg-ink-800 hover:text-ink-100 data-[state=active]:bg-ink-800 data-[state=active]:text-gold-300';

/** How far from an edge a tab is kept when it is scrolled into sight: clear of the fade. */
const EDGE_ROOM_PX = 40;

/** The fades at the edges that have more beyond them. */
const FADES = {
  none: '',
  before: '[mask-image:linear-gradient(to_right,transparent,#000_2.5rem)]',
  after: '[mask-image:linear-gradient(to_left,transparent,#000_2.5rem)]',
  both: '[mask-image:linear-gradient(to_right,transparent,#000_2.5rem,#000_calc(100%_-_2.5rem),transparent)]',
};

interface Overflow {
  before: boolean;
  after: boolean;
}

/** Scrolls the strip, and nothing else, so that `tab` is in sight with room at either side. */
function reveal(strip: HTMLElement, tab: HTMLElement, behavior: ScrollBehavior) {
  const left = tab.offsetLeft - EDGE_ROOM_PX;
  const right = tab.offsetLeft + tab.offsetWidth + EDGE_ROOM_PX;
  if (left < strip.scrollLeft) strip.scrollTo({ left, behavior });
  else if (right > strip.scrollLeft + strip.clientWidth)
    strip.scrollTo({ left: right - strip.clientWidth, behavior });
}

function selectedTab(strip: HTMLElement): HTMLElement | null {
  return strip.querySelector<HTMLElement>('[role="tab"][data-state="active"]');
}

function smoothUnlessReduced(): ScrollBehavior {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}

/** Whether the strip has more before and after what shows, kept as it scrolls and resizes. */
function useOverflow(strip: RefObject<HTMLElement | null>): Overflow {
  const [overflow, setOverflow] = useState<Overflow>({ before: false, after: false });
  useEffect(() => {
    const element = strip.current;
    if (!element) return;
    const update = () => {
      const end = element.scrollWidth - element.clientWidth;
      const before = element.scrollLeft > 1;
      const after = element.scrollLeft < end - 1;
      setOverflow((current) =>
        current.before === before && current.after === after ? current : { before, after },
      );
    };
    update();
    element.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => {
      element.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, [strip]);
  return overflow;
}

export function ViewTabs({ views, selected }: { views: readonly AdminView[]; selected: ViewId }) {
  const strip = useRef<HTMLDivElement>(null);
  const overflow = useOverflow(strip);
  const shownOnce = useRef(false);

  // The selected tab in sight: at once when the dashboard opens, smoothly after.
  useEffect(() => {
    const element = strip.current;
    const tab = element && selectedTab(element);
    if (!element || !tab) return;
    reveal(element, tab, shownOnce.current ? smoothUnlessReduced() : 'auto');
    shownOnce.current = true;
  }, [selected]);

  // And again when the strip gets narrower or wider (a phone turned, a window resized).
  useEffect(() => {
    const element = strip.current;
    if (!element) return;
    let width = element.clientWidth;
    const observer = new ResizeObserver(() => {
      if (element.clientWidth === width) return;
      width = element.clientWidth;
      const tab = selectedTab(element);
      if (tab) reveal(element, tab, 'auto');
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const scrollBy = (direction: -1 | 1) => {
    const element = strip.current;
    element?.scrollBy({
      left: direction * element.clientWidth * 0.6,
      behavior: smoothUnlessReduced(),
    });
  };
  const fade =
    overflow.before && overflow.after
      ? FADES.both
      : overflow.before
        ? FADES.before
        : overflow.after
          ? FADES.after
          : FADES.none;

  return (
    <div className="relative mt-3 border-b border-ink-700 pb-1">
      <Tabs.List
        ref={strip}
        aria-label="Admin sections"
        className={`-mx-1 flex items-center gap-1 overflow-x-auto overscroll-x-contain scroll-px-10 p-1 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden ${fade}`}
      >
        {views.map((view, index) => (
          <Fragment key={view.id}>
            {view.group === 'tools' && views[index - 1]?.group === 'spec' ? (
              <span aria-hidden="true" className="mx-1 h-5 w-px shrink-0 bg-ink-700" />
            ) : null}
            <Tabs.Trigger value={view.id} className={tabTrigger}>
              {view.label}
            </Tabs.Trigger>
          </Fragment>
        ))}
      </Tabs.List>
      {/* For a mouse, which cannot swipe: the tabs are reached by Tab and the arrow keys, so
          these are no stop of the keyboard's and nothing to read. */}
      {overflow.before ? <ScrollChevron side="before" onClick={() => scrollBy(-1)} /> : null}
      {overflow.after ? <ScrollChevron side="after" onClick={() => scrollBy(1)} /> : null}
    </div>
  );
}

function ScrollChevron({ side, onClick }: { side: 'before' | 'after'; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-hidden="true"
      tabIndex={-1}
      data-scroll-tabs={side}
      onClick={onClick}
      className={`absolute top-1 flex h-8 w-7 items-center bg-ink-950 text-ink-300 transition hover:text-ink-100 pointer-coarse:hidden ${
        side === 'before' ? 'left-0 justify-start' : 'right-0 justify-end'
      }`}
    >
      <svg
        viewBox="0 0 20 20"
        className={`size-4 fill-none stroke-current stroke-2 ${side === 'before' ? 'rotate-180' : ''}`}
      >
        <path d="m8 5 5 5-5 5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}
