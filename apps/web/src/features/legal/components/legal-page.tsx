import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

interface LegalPageProps {
  title: string;
  lastUpdated: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}

/** The frame of the legal pages: title, date, contents and numbered sections. */
export function LegalPage({ title, lastUpdated, intro, sections }: LegalPageProps) {
  return (
    <article className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
      <title>{`${title} · Stellar`}</title>
      <header className="max-w-3xl">
        <p className="text-sm font-semibold tracking-widest text-accent-text uppercase">Legal</p>
        <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-fg sm:text-5xl">{title}</h1>
        <p className="mt-4 text-sm text-fg-subtle">Last updated: {lastUpdated}</p>
        <div className="mt-6 text-lg leading-relaxed text-pretty text-fg-muted">{intro}</div>
      </header>
      <div className="mt-12 grid gap-10 lg:grid-cols-[16rem_1fr]">
        <nav aria-label="On this page" className="lg:sticky lg:top-24 lg:self-start">
          <p className="text-sm font-semibold text-fg">On this page</p>
          <ol className="mt-3 flex flex-col gap-1.5 border-l border-line pl-4 text-sm">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="text-fg-muted transition-colors hover:text-fg"
                >
                  {index + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="flex max-w-3xl flex-col gap-10">
          {sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
              <h2 id={`${section.id}-title`} className="text-xl font-bold text-fg sm:text-2xl">
                {index + 1}. {section.title}
              </h2>
              <div className="mt-4 flex flex-col gap-4 leading-relaxed text-fg-muted [&_li]:pl-1 [&_strong]:text-fg [&_ul]:flex [&_ul]:list-disc [&_ul]:flex-col [&_ul]:gap-2 [&_ul]:pl-6">
                {section.body}
              </div>
            </section>
          ))}
        </div>
      </div>
    </article>
  );
}

/** The Contact Support link the legal texts end with. */
export function SupportLink({ children = 'Contact Support' }: { children?: ReactNode }) {
  return (
    <Link
      to="/contact"
      className="font-semibold text-accent-text underline underline-offset-4 hover:text-fg"
    >
      {children}
    </Link>
  );
}

/** One date for the three legal pages, shown as "Last updated". */
export const LEGAL_LAST_UPDATED = 'November 21, 2026';
