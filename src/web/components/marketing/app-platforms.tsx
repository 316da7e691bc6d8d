import { buttonClasses } from '../ui/button-link.tsx';
import { ArrowDownIcon, PhoneIcon } from '../ui/icons.tsx';
import { ScrollLink } from '../ui/scroll-link.tsx';
import { SectionHeading } from '../ui/section-heading.tsx';

const platforms = [
  { name: 'iOS', text: 'For iPhone' },
  { name: 'Android', text: 'For Android phones' },
];

/** The two phone platforms, and the way onto the early-access list. */
export function AppPlatforms({ signupId }: { signupId: string }) {
  return (
    <section
      aria-labelledby="app-platforms-heading"
      className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-24"
    >
      <SectionHeading id="app-platforms-heading" eyebrow="Coming soon" title="On iOS and Android">
        The app launches on both platforms at once. Early-access members get it first.
      </SectionHeading>
      <ul className="mx-auto mt-12 grid max-w-2xl gap-4 sm:grid-cols-2">
        {platforms.map((platform) => (
          <li
            key={platform.name}
            className="flex items-center gap-4 rounded-2xl border border-ink-700 bg-ink-900 p-5"
          >
            <span className="flex size-12 items-center justify-center rounded-xl bg-gold-400/10 text-gold-400">
              <PhoneIcon className="size-6" />
            </span>
            <div>
              <p className="text-lg font-semibold text-ink-100">{platform.name}</p>
              <p className="text-sm text-ink-300">{platform.text} · Coming soon</p>
            </div>
          </li>
        ))}
      </ul>
      <div className="mt-10 text-center">
        <ScrollLink
          to={signupId}
          trackLabel="get-app-join-early-access"
          className={buttonClasses('primary', 'lg')}
        >
          Join Early Access
          <ArrowDownIcon className="size-5" />
        </ScrollLink>
      </div>
    </section>
  );
}
