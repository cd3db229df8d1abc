import { LEARN_MORE_ID } from './hero';

/** The team section the Learn More button scrolls to; the member cards arrive with the team data. */
export function TeamSection() {
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
      </div>
    </section>
  );
}
