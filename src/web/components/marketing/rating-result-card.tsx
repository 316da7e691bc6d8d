import { site } from '../../site-config.ts';
import { mockupFilms, type MockupFilm } from './mockup-films.ts';

/** Both ratings of a scanned title, with how long the scan took against the 2-second promise. */
export function RatingResultCard({ film = mockupFilms.northernStatic }: { film?: MockupFilm }) {
  return (
    <figure className="rounded-3xl border border-ink-700 bg-ink-900 p-6 shadow-2xl shadow-black/40 sm:p-8">
      <div className="flex items-start justify-between gap-4">
        <div>
          <p className="text-xl font-semibold text-ink-100">{film.title}</p>
          <p className="text-sm text-ink-300">{film.meta}</p>
        </div>
        <p className="rounded-full bg-gold-400/15 px-3 py-1 text-sm font-semibold whitespace-nowrap text-gold-300">
          1.2 s
        </p>
      </div>
      <dl className="mt-6 grid grid-cols-2 gap-4">
        <div className="flex flex-col rounded-2xl border border-community/40 bg-community/10 p-4 sm:p-5">
          <dt className="text-sm text-ink-300">{site.ratingSources.community}</dt>
          <dd className="order-first font-display text-5xl leading-none text-community sm:text-6xl">
            {film.community}
            <span className="ml-1 font-sans text-base text-ink-300">/10</span>
          </dd>
        </div>
        <div className="flex flex-col rounded-2xl border border-critics/40 bg-critics/10 p-4 sm:p-5">
          <dt className="text-sm text-ink-300">{site.ratingSources.critics}</dt>
          <dd className="order-first font-display text-5xl leading-none text-critics sm:text-6xl">
            {film.critics}
          </dd>
        </div>
      </dl>
      <p className="mt-4 text-sm font-medium text-ink-100">{film.verdict}.</p>
      <div className="mt-6">
        <div className="flex justify-between text-xs text-ink-300">
          <span>Scan</span>
          <span>2 s</span>
        </div>
        <div aria-hidden="true" className="mt-2 h-2 overflow-hidden rounded-full bg-ink-700">
          <div className="h-full w-3/5 rounded-full bg-gradient-to-r from-gold-500 to-gold-300" />
        </div>
      </div>
      <figcaption className="sr-only">
        An example scan result: both ratings of a title, shown 1.2 seconds after scanning.
      </figcaption>
    </figure>
  );
}
