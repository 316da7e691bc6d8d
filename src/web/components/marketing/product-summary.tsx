import { site } from '../../site-config.ts';
import { BrowserIcon, PhoneIcon } from '../ui/icons.tsx';

const products = [
  {
    icon: PhoneIcon,
    name: 'Mobile app',
    platforms: 'iOS and Android · Coming soon',
    text: 'Aim your camera at a title and get both ratings on the spot. Browse what you scanned, rate what you watched.',
  },
  {
    icon: BrowserIcon,
    name: 'Browser extension',
    platforms: 'Chrome and Firefox · Coming soon',
    text: `Ratings appear beside every title on ${site.streamingPlatforms.slice(0, 3).join(', ')} and ${site.streamingPlatformCount - 3} more major streaming platforms, while you browse.`,
  },
];

/** One line on each product, right under the hero's buttons. */
export function ProductSummary() {
  return (
    <div className="mx-auto max-w-6xl px-4 pb-8 sm:px-6">
      <ul className="grid gap-4 md:grid-cols-2">
        {products.map(({ icon: Icon, name, platforms, text }) => (
          <li
            key={name}
            className="flex gap-4 rounded-2xl border border-ink-700 bg-ink-900/70 p-5 backdrop-blur"
          >
            <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-gold-400/10 text-gold-400">
              <Icon className="size-6" />
            </span>
            <div>
              <p className="font-semibold text-ink-100">{name}</p>
              <p className="text-sm font-medium text-gold-400">{platforms}</p>
              <p className="mt-2 text-sm leading-relaxed text-ink-300">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
