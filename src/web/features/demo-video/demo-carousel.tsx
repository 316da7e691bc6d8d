import { useRef, useState, type KeyboardEvent } from 'react';
import type { DemoVideo } from '../../site-config.ts';
import { DemoVideoPlayer } from './demo-video-player.tsx';

export interface DemoCarouselProps {
  videos: DemoVideo[];
}

/**
 * The home page's demo video carousel (spec sections 2 and 4). One video shows on its own;
 * with several, previous/next buttons and dots appear. The dots follow the tabbed-carousel
 * pattern of the WAI-ARIA practices: Left/Right/Home/End move between videos. Nothing rotates
 * by itself.
 */
export function DemoCarousel({ videos }: DemoCarouselProps) {
  const [selected, setSelected] = useState(0);
  const dots = useRef<(HTMLButtonElement | null)[]>([]);
  // One carousel per page; a fixed id is the same when it hydrates on its own as an island.
  const baseId = 'demo-carousel';
  const count = videos.length;
  const index = Math.min(selected, Math.max(count - 1, 0));
  const current = videos[index];
  if (!current) return null;

  if (count === 1) {
    return (
      <div data-testid="demo-carousel">
        <DemoVideoPlayer key={current.id} video={current} />
      </div>
    );
  }

  const panelId = `${baseId}-panel`;
  const dotId = (i: number) => `${baseId}-dot-${i}`;
  const show = (next: number, focus = false) => {
    const wrapped = (next + count) % count;
    setSelected(wrapped);
    if (focus) dots.current[wrapped]?.focus();
  };
  const onDotKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const targets: Record<string, number> = {
      ArrowLeft: index - 1,
      ArrowRight: index + 1,
      Home: 0,
      End: count - 1,
    };
    const next = targets[event.key];
    if (next === undefined) return;
    event.preventDefault();
    show(next, true);
  };

  return (
    <section aria-roledescription="carousel" aria-label="Demo videos" data-testid="demo-carousel">
      <div id={panelId} role="tabpanel" aria-roledescription="slide" aria-labelledby={dotId(index)}>
        <DemoVideoPlayer key={current.id} video={current} />
      </div>
      <div className="mt-2 flex items-center justify-center gap-2">
        <ArrowButton direction="previous" onClick={() => show(index - 1)} />
        <div role="tablist" aria-label="Choose a demo video" className="flex items-center">
          {videos.map((video, i) => (
            <button
              key={video.id}
              ref={(element) => {
                dots.current[i] = element;
              }}
              id={dotId(i)}
              type="button"
              role="tab"
              aria-selected={i === index}
              aria-controls={panelId}
              aria-label={`Video ${i + 1} of ${count}: ${video.title}`}
              tabIndex={i === index ? 0 : -1}
              onClick={() => show(i)}
              onKeyDown={onDotKeyDown}
              className="group flex size-8 cursor-pointer items-center justify-center rounded-full"
              data-testid="demo-carousel-dot"
            >
              <span
                aria-hidden="true"
                className={`block h-2 rounded-full motion-safe:transition-all motion-safe:duration-300 ${
                  i === index ? 'w-6 bg-gold-400' : 'w-2 bg-ink-600 group-hover:bg-ink-400'
                }`}
              />
            </button>
          ))}
        </div>
        <ArrowButton direction="next" onClick={() => show(index + 1)} />
      </div>
    </section>
  );
}

function ArrowButton({
  direction,
  onClick,
}: {
  direction: 'previous' | 'next';
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-label={direction === 'previous' ? 'Previous video' : 'Next video'}
      onClick={onClick}
      className="flex size-10 cursor-pointer items-center justify-center rounded-full border border-ink-600 bg-ink-800 text-ink-100 transition-colors hover:border-gold-400 hover:text-gold-300"
      data-testid={`demo-carousel-${direction}`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className="size-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={direction === 'previous' ? 'M12.5 4.5 7 10l5.5 5.5' : 'M7.5 4.5 13 10l-5.5 5.5'} />
      </svg>
    </button>
  );
}
