import type { Faq } from '../../site-config.ts';
import { PlusIcon } from './icons.tsx';

/**
 * Questions as native disclosure widgets: keyboard and screen-reader support come from the
 * browser, they open without JavaScript, and find-in-page reveals a closed answer.
 */
export function FaqList({ faqs }: { faqs: Faq[] }) {
  return (
    <div className="divide-y divide-ink-700 rounded-2xl border border-ink-700 bg-ink-900">
      {faqs.map((faq) => (
        <details key={faq.question} className="group">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-6 rounded-2xl px-5 py-5 text-left text-base font-semibold text-ink-100 transition-colors hover:text-gold-300 sm:px-6 [&::-webkit-details-marker]:hidden">
            <span>{faq.question}</span>
            <PlusIcon className="size-5 shrink-0 text-gold-400 transition-transform duration-200 group-open:rotate-45" />
          </summary>
          <p className="px-5 pb-6 leading-relaxed text-ink-300 sm:px-6">{faq.answer}</p>
        </details>
      ))}
    </div>
  );
}
