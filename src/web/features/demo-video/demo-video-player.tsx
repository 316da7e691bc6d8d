import { useCallback, useRef, useState, type SyntheticEvent } from 'react';
import type { DemoVideo } from '../../site-config.ts';
import { useAutoHide } from './use-auto-hide.ts';

/** The overlay control hides this long after play starts (spec section 9). */
export const CONTROLS_HIDE_AFTER_PLAY_MS = 3000;
/** ...and this long after the pointer leaves a playing video (spec section 9). */
export const CONTROLS_HIDE_AFTER_LEAVE_MS = 1000;
/** Intrinsic size of the demo videos and their previews (scripts/media/make-demo-video.ts). */
export const DEMO_VIDEO_WIDTH = 720;
export const DEMO_VIDEO_HEIGHT = 1280;

/**
 * `idle` is the preview before the first play; the others are the spec's player states. The
 * value is exposed as `data-state` on the figure for tests.
 */
export type PlayerState = 'idle' | 'loading' | 'playing' | 'paused' | 'ended' | 'failed';

const TOGGLE_LABEL: Record<Exclude<PlayerState, 'failed'>, string> = {
  idle: 'Play video',
  paused: 'Play video',
  loading: 'Pause video',
  playing: 'Pause video',
  ended: 'Replay video',
};

/**
 * One demo video: the preview image until the first frame plays, one overlay button for play,
 * pause and replay, and a fallback link when the video or its preview cannot be shown. Nothing
 * plays by itself and nothing loads before the visitor asks (preload="none").
 */
export function DemoVideoPlayer({ video }: { video: DemoVideo }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<PlayerState>('idle');
  const [firstFrameShown, setFirstFrameShown] = useState(false);
  const controls = useAutoHide();
  const { show: showControls, hideAfter: hideControlsAfter } = controls;
  // Set when the visitor asks for playback, so the 3 s hide starts only then, not after a stall.
  const playRequested = useRef(false);
  const pointerInside = useRef(false);
  // From the video's id rather than useId(), so they are the same when the player hydrates on
  // its own as an island (the home page) as in the whole-page prerender.
  const titleId = `demo-${video.id}-title`;
  const descriptionId = `demo-${video.id}-description`;

  // The fallback shows the preview image behind its link, unless the preview is what failed.
  const [previewFailed, setPreviewFailed] = useState(false);
  const fail = useCallback(() => {
    showControls();
    setState('failed');
  }, [showControls]);
  const failPreview = useCallback(() => {
    setPreviewFailed(true);
    fail();
  }, [fail]);

  // The preview may fail before hydration, when React is not yet listening for its error.
  const previewRef = useCallback(
    (img: HTMLImageElement | null) => {
      if (img?.complete && img.naturalWidth === 0) failPreview();
    },
    [failPreview],
  );

  const play = (fromStart: boolean) => {
    const element = videoRef.current;
    if (!element) return;
    if (fromStart) element.currentTime = 0;
    playRequested.current = true;
    setState('loading');
    element.play().catch((error: unknown) => {
      const name = error instanceof DOMException ? error.name : '';
      // A pause() during loading aborts the request; the pause event sets the state.
      if (name === 'AbortError') return;
      if (name === 'NotAllowedError') {
        playRequested.current = false;
        setState(firstFrameShown ? 'paused' : 'idle');
        return;
      }
      fail();
    });
  };

  const toggle = () => {
    if (state === 'playing' || state === 'loading') videoRef.current?.pause();
    else play(state === 'ended');
  };

  const onPlaying = () => {
    setState('playing');
    setFirstFrameShown(true);
    if (playRequested.current) {
      playRequested.current = false;
      showControls();
      hideControlsAfter(CONTROLS_HIDE_AFTER_PLAY_MS);
    }
  };

  const onPause = (event: SyntheticEvent<HTMLVideoElement>) => {
    // Reaching the end also fires pause; `ended` follows and wins.
    if (event.currentTarget.ended) return;
    setState((current) => (current === 'failed' ? current : 'paused'));
    showControls();
  };

  const onEnded = () => {
    setState('ended');
    showControls();
  };

  const hideSoonIfPlaying = () => {
    if (state === 'playing' || state === 'loading') hideControlsAfter(CONTROLS_HIDE_AFTER_LEAVE_MS);
  };

  const failed = state === 'failed';
  const busy = state === 'loading';
  const controlsVisible = controls.visible || failed;

  return (
    <figure className="w-full" data-testid="demo-video" data-state={state}>
      <div
        className="relative aspect-[9/16] w-full overflow-hidden rounded-2xl border border-ink-700 bg-ink-900 shadow-[0_30px_80px_-30px_rgba(255,201,77,0.35)]"
        onMouseEnter={() => {
          pointerInside.current = true;
          showControls();
        }}
        onMouseMove={() => {
          if (!controls.visible) showControls();
        }}
        onMouseLeave={() => {
          pointerInside.current = false;
          hideSoonIfPlaying();
        }}
      >
        {failed ? (
          <VideoFallback video={video} showPreview={!previewFailed} />
        ) : (
          <>
            <video
              ref={videoRef}
              src={video.videoUrl}
              width={DEMO_VIDEO_WIDTH}
              height={DEMO_VIDEO_HEIGHT}
              preload="none"
              muted
              playsInline
              aria-labelledby={titleId}
              aria-describedby={descriptionId}
              className="absolute inset-0 h-full w-full object-cover"
              data-testid="demo-video-element"
              onPlaying={onPlaying}
              onWaiting={() => setState((current) => (current === 'playing' ? 'loading' : current))}
              onPause={onPause}
              onEnded={onEnded}
              onError={fail}
            />
            {!firstFrameShown && (
              <img
                ref={previewRef}
                src={video.previewUrl}
                alt={`Preview: ${video.title}`}
                width={DEMO_VIDEO_WIDTH}
                height={DEMO_VIDEO_HEIGHT}
                // Below the fold on the home page; no layout shift thanks to width/height.
                loading="lazy"
                decoding="async"
                className="absolute inset-0 h-full w-full object-cover"
                data-testid="demo-video-preview"
                onError={failPreview}
              />
            )}
            <button
              type="button"
              aria-label={TOGGLE_LABEL[state]}
              aria-describedby={titleId}
              data-testid="demo-video-toggle"
              data-visible={controlsVisible}
              onClick={toggle}
              onFocus={showControls}
              onBlur={() => {
                if (!pointerInside.current) hideSoonIfPlaying();
              }}
              className={`absolute inset-0 flex cursor-pointer items-center justify-center focus-visible:outline-offset-[-4px] ${
                controlsVisible && state !== 'playing' ? 'bg-ink-950/25' : 'bg-transparent'
              } motion-safe:transition-colors motion-safe:duration-300`}
            >
              <span
                aria-hidden="true"
                className={`flex size-16 items-center justify-center rounded-full bg-gold-400 text-ink-950 shadow-[0_8px_30px_rgba(0,0,0,0.45)] ring-8 ring-gold-400/20 sm:size-20 ${
                  controlsVisible ? 'scale-100 opacity-100' : 'scale-90 opacity-0'
                } motion-safe:transition-[opacity,transform] motion-safe:duration-300`}
              >
                <ToggleIcon state={state} busy={busy} />
              </span>
            </button>
          </>
        )}
      </div>
      <figcaption className="mt-4 px-1">
        <p id={titleId} className="text-lg font-semibold text-ink-100">
          {video.title}
        </p>
        <p id={descriptionId} className="mt-1 text-sm leading-relaxed text-ink-300">
          {video.description}
        </p>
      </figcaption>
    </figure>
  );
}

function ToggleIcon({ state, busy }: { state: PlayerState; busy: boolean }) {
  if (busy) {
    return (
      <span className="size-8 rounded-full border-[3px] border-ink-950/25 border-t-ink-950 motion-safe:animate-spin" />
    );
  }
  if (state === 'playing') {
    return (
      <svg viewBox="0 0 24 24" className="size-8" fill="currentColor">
        <rect x="6" y="5" width="4" height="14" rx="1" />
        <rect x="14" y="5" width="4" height="14" rx="1" />
      </svg>
    );
  }
  if (state === 'ended') {
    return (
      <svg
        viewBox="0 0 24 24"
        className="size-8"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M4 12a8 8 0 1 0 2.6-5.9" />
        <path d="M4 4v5h5" />
      </svg>
    );
  }
  return (
    <svg viewBox="0 0 24 24" className="ml-1 size-8" fill="currentColor">
      <path d="M7 4.8v14.4a1 1 0 0 0 1.5.86l11.4-7.2a1 1 0 0 0 0-1.72L8.5 3.94A1 1 0 0 0 7 4.8Z" />
    </svg>
  );
}

/**
 * Shown when the video or its preview cannot load: the same film on the short-video platform,
 * over the dimmed preview image when that one loads, so the frame never looks empty.
 */
function VideoFallback({ video, showPreview }: { video: DemoVideo; showPreview: boolean }) {
  return (
    <div
      role="status"
      data-testid="demo-video-fallback"
      className="absolute inset-0 isolate flex flex-col items-center justify-end gap-4 bg-[radial-gradient(ellipse_at_top,rgba(255,201,77,0.12),transparent_60%)] p-6 pb-10 text-center"
    >
      {showPreview && (
        <>
          <img
            src={video.previewUrl}
            alt=""
            width={DEMO_VIDEO_WIDTH}
            height={DEMO_VIDEO_HEIGHT}
            className="absolute inset-0 -z-10 h-full w-full object-cover"
            data-testid="demo-video-fallback-preview"
          />
          <div
            aria-hidden="true"
            className="absolute inset-0 -z-10 bg-gradient-to-t from-ink-950 via-ink-950/70 to-ink-950/10"
          />
        </>
      )}
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-10 text-gold-400"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      >
        <rect x="3" y="5" width="18" height="14" rx="2.5" />
        <path d="M7 5v14M17 5v14M3 9.5h4M3 14.5h4M17 9.5h4M17 14.5h4" />
      </svg>
      <p className="max-w-xs text-sm text-ink-100">
        The demo video can’t be played here right now.
      </p>
      <a
        href={video.tiktokUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-2 rounded-full bg-gold-400 px-5 py-2.5 text-sm font-semibold text-ink-950 transition-colors hover:bg-gold-300"
        data-testid="demo-video-external-link"
      >
        Watch on TikTok
        <span className="sr-only"> (opens in a new tab)</span>
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="size-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M11 4h5v5M16 4l-7 7M14 12v3a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h3" />
        </svg>
      </a>
    </div>
  );
}
