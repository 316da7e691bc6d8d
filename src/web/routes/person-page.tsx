import { Spotlight } from '../components/marketing/spotlight.tsx';
import { personPageHandle } from '../lib/hydration.ts';
import { routeMeta } from '../lib/route-meta.ts';
import { PERSON_PAGE_SLOTS } from '../../contract/person-page.ts';

export const meta = routeMeta;

// No React in the browser, and never measured (its URL holds a signed link and an address):
// the server fills this page's slots and sends it (never at its own address) to a person who
// arrived from a mail or the sign-in popup.
export const handle = personPageHandle;

/**
 * A page for a person, in the site's own look: one calm card under the site's header, a clear
 * heading, readable text, one obvious action (the server's markup, styled by `.person-page`).
 */
export default function PersonPage() {
  return (
    <section className="relative isolate overflow-hidden">
      <Spotlight />
      <div className="mx-auto max-w-xl px-4 pt-28 pb-20 sm:px-6 sm:pt-36">
        <div className="person-page rounded-2xl border border-ink-700 bg-ink-900/80 p-6 shadow-2xl shadow-black/40 sm:p-10">
          <h1 className="mb-4 text-2xl leading-tight font-bold tracking-tight text-ink-100 sm:text-3xl">
            {PERSON_PAGE_SLOTS.title}
          </h1>
          <div>{PERSON_PAGE_SLOTS.body}</div>
        </div>
      </div>
    </section>
  );
}
