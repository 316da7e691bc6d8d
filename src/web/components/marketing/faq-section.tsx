import type { Faq } from '../../site-config.ts';
import { FaqList } from '../ui/faq-list.tsx';
import { SectionHeading } from '../ui/section-heading.tsx';

interface FaqSectionProps {
  /** The anchor of the section (the footer links to /pricing#faq). */
  id: string;
  faqs: Faq[];
  title?: string;
}

/** A page's questions and answers under one h2. */
export function FaqSection({ id, faqs, title = 'Frequently asked questions' }: FaqSectionProps) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className="mx-auto max-w-3xl scroll-mt-20 px-4 py-20 sm:px-6 sm:py-24"
    >
      <SectionHeading id={`${id}-heading`} eyebrow="FAQ" title={title} />
      <div className="mt-12">
        <FaqList faqs={faqs} />
      </div>
    </section>
  );
}
