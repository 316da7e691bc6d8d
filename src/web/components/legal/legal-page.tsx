import type { ReactNode } from 'react';
import { site } from '../../site-config.ts';

/** One numbered part of a legal page: its anchor, its heading and its text. */
export interface LegalSection {
  /** The anchor id (`/privacy#retention`); stable, because other pages and emails link to it. */
  id: string;
  title: string;
  content: ReactNode;
}

export interface LegalPageProps {
  title: string;
  /** The paragraph under the title that says what the page covers. */
  intro: ReactNode;
  sections: readonly LegalSection[];
}

/**
 * Long-form text on the dark theme: light grey body text at about 70 characters a line, white
 * headings, gold links. The styles reach the plain elements of each section's content, so the
 * text itself stays free of class names.
 */
const prose = [
  'max-w-[70ch] leading-7 text-ink-300',
  '[&_p]:mt-4',
  '[&_h3]:mt-8 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-ink-100',
  '[&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_li]:marker:text-gold-500',
  '[&_strong]:font-semibold [&_strong]:text-ink-100',
  '[&_code]:rounded [&_code]:bg-ink-800 [&_code]:px-1 [&_code]:text-sm [&_code]:text-ink-100',
  '[&_a]:text-gold-300 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-gold-400',
].join(' ');

/** A privacy policy or terms page: title, date, table of contents, then numbered sections. */
export function LegalPage({ title, intro, sections }: LegalPageProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 pt-28 pb-20 sm:px-6">
      <header className="max-w-[70ch]">
        <p className="text-sm font-semibold tracking-wider text-gold-400 uppercase">Legal</p>
        <h1 className="mt-2 font-display text-5xl tracking-wide text-ink-100 sm:text-6xl">
          {title}
        </h1>
        <p className="mt-3 text-sm text-ink-400" data-testid="legal-last-updated">
          {`Last updated: ${site.legalLastUpdated}`}
        </p>
        <div className={`${prose} mt-6 text-lg`}>{intro}</div>
      </header>

      <div className="mt-12 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-16">
        <TableOfContents sections={sections} />
        <div className="mt-12 max-w-[70ch] lg:mt-0">
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              className="scroll-mt-24 border-t border-ink-700 pt-10 pb-6 first:border-t-0 first:pt-0"
            >
              <h2
                id={`${section.id}-heading`}
                className="text-2xl font-semibold tracking-tight text-ink-100"
              >
                <span className="mr-2 text-gold-400 tabular-nums">{index + 1}.</span>
                {section.title}
              </h2>
              <div className={prose}>{section.content}</div>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}

function TableOfContents({ sections }: { sections: readonly LegalSection[] }) {
  return (
    <nav
      aria-labelledby="legal-toc-title"
      className="rounded-xl border border-ink-700 bg-ink-900 p-5 lg:sticky lg:top-24 lg:self-start lg:border-0 lg:bg-transparent lg:p-0"
    >
      <p
        id="legal-toc-title"
        className="text-sm font-semibold tracking-wider text-ink-100 uppercase"
      >
        On this page
      </p>
      <ol className="mt-4 space-y-1 text-sm">
        {sections.map((section, index) => (
          <li key={section.id}>
            <a
              href={`#${section.id}`}
              className="flex gap-2 rounded py-1 text-ink-300 transition-colors hover:text-gold-300"
            >
              <span className="w-5 shrink-0 text-right text-ink-400 tabular-nums">
                {index + 1}.
              </span>
              <span>{section.title}</span>
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
