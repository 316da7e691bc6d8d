import { Link } from 'react-router';
import { staticPageHandle } from '../lib/hydration.ts';
import { routeMeta } from '../lib/route-meta.ts';

export const meta = routeMeta;

// No React in the browser: the prerendered page and the page script do everything.
export const handle = staticPageHandle;

export default function NotFound() {
  return (
    <section className="mx-auto flex min-h-[70dvh] max-w-2xl flex-col items-center justify-center px-4 pt-28 pb-20 text-center">
      <p className="font-display text-8xl text-gold-400">404</p>
      <h1 className="mt-4 text-2xl font-semibold text-ink-100">
        {/* The spec's words, set with typographic apostrophes like every text of the site. */}
        Oops! The page you’re looking for doesn’t exist.
      </h1>
      <Link
        to="/"
        className="mt-8 rounded-full bg-gold-400 px-6 py-3 font-semibold text-ink-950 transition-colors hover:bg-gold-300"
      >
        Back to Home
      </Link>
    </section>
  );
}
