/**
 * The made-up films the product pictures show. Each picture shows another film (the demo video's
 * is Neon Tide, scripts/media/scene.ts), and their two ratings often disagree: that is why the
 * app shows both.
 */
export interface MockupFilm {
  title: string;
  /** Year, genre and running time. */
  meta: string;
  /** Out of 10. */
  community: string;
  critics: string;
  /** What the two ratings say together, in a few words. */
  verdict: string;
  /** The poster the phone scans: its title in two lines, and its sky from top to horizon. */
  poster: { lines: readonly [string, string]; sky: readonly [string, string, string] };
}

export const mockupFilms = {
  midnightHarbor: {
    title: 'Midnight Harbor',
    meta: '2024 · Drama · 2 h 8 min',
    community: '8.2',
    critics: '61%',
    verdict: 'Viewers love it, critics are split',
    poster: { lines: ['MIDNIGHT', 'HARBOR'], sky: ['#1b1446', '#5b1f5e', '#d9622b'] },
  },
  glassOrchard: {
    title: 'Glass Orchard',
    meta: '2023 · Comedy · 1 h 41 min',
    community: '6.1',
    critics: '89%',
    verdict: 'Critics love it, viewers shrug',
    poster: { lines: ['GLASS', 'ORCHARD'], sky: ['#0f2a3d', '#1f6f6a', '#e8b04a'] },
  },
  paperComets: {
    title: 'Paper Comets',
    meta: '2025 · Sci-fi · 1 h 57 min',
    community: '8.9',
    critics: '96%',
    verdict: 'Viewers and critics agree',
    poster: { lines: ['PAPER', 'COMETS'], sky: ['#060a24', '#22285e', '#8a4fd1'] },
  },
  northernStatic: {
    title: 'Northern Static',
    meta: '2022 · Thriller · 1 h 49 min',
    community: '5.8',
    critics: '93%',
    verdict: 'Critics adore it, viewers don’t',
    poster: { lines: ['NORTHERN', 'STATIC'], sky: ['#10131f', '#2b3a55', '#c8643b'] },
  },
} as const satisfies Record<string, MockupFilm>;
