import { BookIcon, FilmIcon, SignboardIcon, TvIcon } from '../ui/icons.tsx';

const sources = [
  { icon: FilmIcon, name: 'Posters', where: 'At the cinema' },
  { icon: TvIcon, name: 'TV screens', where: 'On the sofa' },
  { icon: SignboardIcon, name: 'Billboards', where: 'On the street' },
  { icon: BookIcon, name: 'Magazines', where: 'In print' },
];

/** The places a title can be scanned from. */
export function ScanSources() {
  return (
    <ul className="grid grid-cols-2 gap-4">
      {sources.map(({ icon: Icon, name, where }) => (
        <li
          key={name}
          className="relative overflow-hidden rounded-2xl border border-ink-700 bg-ink-900 p-5 sm:p-6"
        >
          <span
            aria-hidden="true"
            className="absolute top-3 right-3 size-4 rounded-tr-md border-t-2 border-r-2 border-gold-400/70"
          />
          <span
            aria-hidden="true"
            className="absolute bottom-3 left-3 size-4 rounded-bl-md border-b-2 border-l-2 border-gold-400/70"
          />
          <Icon className="size-9 text-gold-400" strokeWidth="1.5" />
          <p className="mt-4 font-semibold text-ink-100">{name}</p>
          <p className="text-sm text-ink-300">{where}</p>
        </li>
      ))}
    </ul>
  );
}
