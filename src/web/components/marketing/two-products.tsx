import { pages } from '../../route-table.ts';
import { site } from '../../site-config.ts';
import { ButtonLink } from '../ui/button-link.tsx';
import { ComingSoonNote } from '../ui/coming-soon-note.tsx';
import { ArrowRightIcon } from '../ui/icons.tsx';
import { SectionHeading } from '../ui/section-heading.tsx';
import { BrowserMockup } from './browser-mockup.tsx';
import { mockupFilms } from './mockup-films.ts';
import { PhoneScanMockup } from './phone-scan-mockup.tsx';

const cardClasses =
  'flex flex-col overflow-hidden rounded-3xl border border-ink-700 bg-ink-900 transition-colors duration-200 hover:border-gold-400/40';
const stageClasses =
  'relative flex justify-center overflow-hidden bg-[radial-gradient(ellipse_at_bottom,rgba(255,201,77,0.14),transparent_70%)] px-6 sm:h-80';

/** The mobile app and the browser extension, each with the way to get it. */
export function TwoProducts() {
  return (
    <section
      aria-labelledby="two-products-heading"
      className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-28"
    >
      <SectionHeading
        id="two-products-heading"
        eyebrow="Two ways to use it"
        title="On your phone and in your browser"
      >
        The same two ratings, whether you are standing in front of a cinema or scrolling a streaming
        catalogue.
      </SectionHeading>

      <div className="mt-14 grid gap-6 lg:grid-cols-2">
        <article className={cardClasses}>
          {/* Cropped to the part that matters: the poster's title and the two ratings. */}
          <div className={`${stageClasses} h-64 items-start`}>
            <PhoneScanMockup
              animated={false}
              decorative
              film={mockupFilms.glassOrchard}
              className="-mt-[130px] w-56 shrink-0 sm:-mt-[150px] sm:w-64"
            />
          </div>
          <div className="flex flex-1 flex-col border-t border-ink-700 p-6 sm:p-8">
            <p className="text-sm font-medium text-gold-400">iOS and Android · Coming soon</p>
            <h3 className="mt-2 text-2xl font-semibold text-ink-100">Mobile app</h3>
            <p className="mt-3 flex-1 leading-relaxed text-ink-300">
              Scan any title and get both ratings in under 2 seconds. Browse everything you scanned,
              rate what you watched and get recommendations that learn your taste.
            </p>
            <div className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-3">
              <ButtonLink to={pages.getApp.path} trackLabel="products-get-app">
                Explore the app
                <ArrowRightIcon className="size-4" />
              </ButtonLink>
              <ComingSoonNote />
            </div>
          </div>
        </article>

        <article className={cardClasses}>
          <div className={`${stageClasses} items-end pt-8`}>
            <BrowserMockup className="-mb-6 w-full max-w-lg shadow-2xl" />
          </div>
          <div className="flex flex-1 flex-col border-t border-ink-700 p-6 sm:p-8">
            <p className="text-sm font-medium text-gold-400">Chrome and Firefox · Coming soon</p>
            <h3 className="mt-2 text-2xl font-semibold text-ink-100">Browser extension</h3>
            <p className="mt-3 flex-1 leading-relaxed text-ink-300">
              Ratings beside every title on {site.streamingPlatformCount} major streaming platforms
              and others. Choose which ratings you see; we never track what you watch.
            </p>
            <div className="mt-6 flex flex-wrap items-center gap-3">
              <ButtonLink to="/extension/chrome" trackLabel="products-chrome-extension">
                Chrome extension
              </ButtonLink>
              <ButtonLink
                to="/extension/firefox"
                trackLabel="products-firefox-extension"
                variant="secondary"
              >
                Firefox extension
              </ButtonLink>
              <ComingSoonNote />
            </div>
          </div>
        </article>
      </div>
    </section>
  );
}
