import type { ComponentType, ReactNode, SVGProps } from 'react';

export interface Feature {
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  title: string;
  text: ReactNode;
}

/** One claim with its icon; the h3 under a section's h2. */
export function FeatureCard({ icon: Icon, title, text }: Feature) {
  return (
    <li className="flex gap-4 rounded-2xl border border-ink-700 bg-ink-900 p-5 transition-colors duration-200 hover:border-gold-400/40 sm:block sm:p-6">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-gold-400/10 text-gold-400">
        <Icon className="size-6" />
      </span>
      <div>
        <h3 className="text-lg font-semibold text-ink-100 sm:mt-5">{title}</h3>
        <p className="mt-2 leading-relaxed text-ink-300">{text}</p>
      </div>
    </li>
  );
}
