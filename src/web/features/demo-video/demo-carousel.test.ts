import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { DemoVideo } from '../../site-config.ts';
import { DemoCarousel } from './demo-carousel.tsx';
import { CONTROLS_HIDE_AFTER_LEAVE_MS, CONTROLS_HIDE_AFTER_PLAY_MS } from './demo-video-player.tsx';

const video = (id: string): DemoVideo => ({
  id,
  videoUrl: `/media/${id}.webm`,
  previewUrl: `/media/${id}.svg`,
  title: `Title ${id}`,
  description: `About ${id}`,
  tiktokUrl: 'https://www.tiktok.com/@example',
});

// Rendering on the server, as the prerender does, also proves no window access during render.
const render = (videos: DemoVideo[]) => renderToString(createElement(DemoCarousel, { videos }));

describe('DemoCarousel', () => {
  it('shows one video with its preview, a play button and its caption, but no arrows or dots', () => {
    const html = render([video('a')]);
    expect(html).toContain('src="/media/a.svg"');
    expect(html).toContain('preload="none"');
    expect(html).toContain('aria-label="Play video"');
    expect(html).toContain('data-state="idle"');
    expect(html).toContain('Title a');
    expect(html).toContain('About a');
    expect(html).not.toContain('Next video');
    expect(html).not.toContain('role="tab"');
  });

  it('adds previous/next buttons and one dot per video when there are several', () => {
    const html = render([video('a'), video('b'), video('c')]);
    expect(html).toContain('aria-label="Previous video"');
    expect(html).toContain('aria-label="Next video"');
    expect(html.match(/role="tab"/g)).toHaveLength(3);
    expect(html).toContain('aria-selected="true"');
    expect(html).toContain('Title a');
    expect(html).not.toContain('Title b</p>');
  });

  it('renders nothing without videos', () => {
    expect(render([])).toBe('');
  });

  it('uses the spec’s control hide delays', () => {
    expect([CONTROLS_HIDE_AFTER_PLAY_MS, CONTROLS_HIDE_AFTER_LEAVE_MS]).toEqual([3000, 1000]);
  });
});
