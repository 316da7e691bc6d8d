import { BrowserMockup } from './browser-mockup.tsx';

/** A drawn preview of the extension at work, until real screenshots exist. */
export function ExtensionPreview() {
  return (
    <figure className="mx-auto max-w-5xl px-4 sm:px-6">
      <div className="relative isolate">
        <div
          aria-hidden="true"
          className="absolute inset-x-10 -top-6 -z-10 h-2/3 rounded-full bg-gold-400/15 blur-3xl"
        />
        <BrowserMockup className="h-auto w-full rounded-[18px] shadow-2xl shadow-black/60" />
      </div>
      <figcaption className="mt-4 text-center text-sm text-ink-300">
        Preview. The extension is in closed alpha and its final design may change.
      </figcaption>
    </figure>
  );
}
