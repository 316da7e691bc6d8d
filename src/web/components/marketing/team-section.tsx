import { team, type TeamMember } from '../../site-config.ts';
import { SectionHeading } from '../ui/section-heading.tsx';

function initials(name: string): string {
  return name
    .split(' ')
    .map((part) => part[0])
    .join('');
}

/** A founder with a monogram instead of a photo: no stock pictures on this site. */
function TeamMemberCard({ member }: { member: TeamMember }) {
  return (
    <li className="flex flex-col gap-5 rounded-3xl border border-ink-700 bg-ink-900 p-7 sm:flex-row sm:items-start">
      <span
        aria-hidden="true"
        className="flex size-20 shrink-0 items-center justify-center rounded-2xl bg-gradient-to-br from-gold-300 to-gold-600 font-display text-4xl tracking-wide text-ink-950"
      >
        {initials(member.name)}
      </span>
      <div>
        <h3 className="text-xl font-semibold text-ink-100">{member.name}</h3>
        <p className="mt-1 text-sm font-medium text-gold-400">{member.role}</p>
        <p className="mt-3 leading-relaxed text-ink-300">{member.bio}</p>
      </div>
    </li>
  );
}

/** The people behind the product. */
export function TeamSection() {
  return (
    <section
      aria-labelledby="team-heading"
      className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-24"
    >
      <SectionHeading id="team-heading" eyebrow="The team" title="The people behind the score">
        Two film lovers with a camera, a lot of posters and a stubborn idea.
      </SectionHeading>
      <ul className="mx-auto mt-14 grid max-w-5xl gap-6 md:grid-cols-2">
        {team.map((member) => (
          <TeamMemberCard key={member.name} member={member} />
        ))}
      </ul>
    </section>
  );
}
