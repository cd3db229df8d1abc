import { Badge } from '@/components/ui/badge';
import { TEAM, type TeamMember } from '../content/team';
import { GithubIcon } from './github-icon';
import { LEARN_MORE_ID } from './hero';

/** The team section the Learn More button scrolls to: one card per member. */
export function TeamSection({ members = TEAM }: { members?: readonly TeamMember[] }) {
  return (
    <section
      id={LEARN_MORE_ID}
      tabIndex={-1}
      aria-labelledby="team-title"
      className="border-t border-line/60 py-20 outline-none sm:py-28"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-widest text-accent-text uppercase">
            The people behind it
          </p>
          <h2
            id="team-title"
            className="mt-3 text-3xl font-bold tracking-tight text-fg sm:text-4xl"
          >
            Meet the Team
          </h2>
          <p className="mt-4 text-base text-pretty text-fg-muted sm:text-lg">
            Developers, bot builders and security people who design, ship and support every Stellar
            tool.
          </p>
        </div>
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
          {members.map((member) => (
            <li key={member.name}>
              <TeamCard member={member} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function TeamCard({ member }: { member: TeamMember }) {
  return (
    <article
      aria-label={member.name}
      className="group flex h-full flex-col rounded-2xl border border-line bg-surface/80 p-6 transition-colors hover:border-line-strong"
    >
      <div className="flex items-center gap-4">
        <img
          src={member.image}
          alt={`Illustrated avatar of ${member.name}`}
          width={72}
          height={72}
          loading="lazy"
          className="size-18 shrink-0 rounded-2xl border border-line-strong"
        />
        <div className="min-w-0">
          <h3 className="text-lg font-bold text-fg">{member.name}</h3>
          <div className="mt-1.5 flex flex-wrap gap-1.5">
            <Badge tone="accent">{member.tag}</Badge>
            {!member.active && <Badge tone="neutral">No longer active</Badge>}
          </div>
        </div>
      </div>
      <ul aria-label={`Roles of ${member.name}`} className="mt-5 flex flex-wrap gap-1.5">
        {member.role.map((role) => (
          <li
            key={role}
            className="rounded-md border border-line bg-surface-raised px-2 py-0.5 text-xs font-medium text-fg-muted"
          >
            {role}
          </li>
        ))}
      </ul>
      <p className="mt-4 flex-1 text-sm leading-relaxed text-fg-muted">{member.description}</p>
      <a
        href={member.github}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-5 inline-flex items-center gap-2 self-start rounded-md text-sm font-semibold text-accent-text transition-colors hover:text-fg"
      >
        <GithubIcon className="size-4" />
        GitHub
        <span className="sr-only">: {member.name} (opens in a new tab)</span>
      </a>
    </article>
  );
}
