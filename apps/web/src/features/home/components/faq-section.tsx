import { LIMITS } from '@stellar/shared';
import { ChevronDown, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/class-names';
import { FAQS, type Faq } from '../content/faqs';
import { filterFaqs, visibleFaqs } from './faq-filter';

export const NO_FAQ_MATCH = 'No FAQs matched your search.';

/** Searchable FAQ list: two items collapsed, View More / View Less, one answer open at a time. */
export function FaqSection({ faqs = FAQS }: { faqs?: readonly Faq[] }) {
  const [query, setQuery] = useState('');
  const [expanded, setExpanded] = useState(false);
  const [openQuestion, setOpenQuestion] = useState<string | null>(null);
  const baseId = useId();
  const searchId = `${baseId}-search`;
  const listId = `${baseId}-list`;

  const matches = filterFaqs(faqs, query);
  const shown = visibleFaqs(matches, expanded);
  // Only worth a button when the matches do not all fit in the collapsed view.
  const canToggle = matches.length > LIMITS.faqCollapsedCount;

  return (
    <section aria-labelledby="faq-title" className="border-t border-line/60 py-20 sm:py-28">
      <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
        <div className="text-center">
          <p className="text-sm font-semibold tracking-widest text-accent-text uppercase">
            Questions
          </p>
          <h2 id="faq-title" className="mt-3 text-3xl font-bold tracking-tight text-fg sm:text-4xl">
            Frequently Asked Questions
          </h2>
          <p className="mt-4 text-base text-pretty text-fg-muted sm:text-lg">
            Plans, payments, licences and support, answered.
          </p>
        </div>

        <div className="relative mt-10">
          <label htmlFor={searchId} className="sr-only">
            Search FAQs
          </label>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-fg-subtle"
          />
          <Input
            id={searchId}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Search questions and answers"
            autoComplete="off"
            className="h-12 pl-11"
          />
        </div>

        <div aria-live="polite" className="mt-6">
          {matches.length === 0 ? (
            <p className="rounded-xl border border-dashed border-line-strong px-4 py-10 text-center text-fg-muted">
              {NO_FAQ_MATCH}
            </p>
          ) : (
            <ul id={listId} className="flex flex-col gap-3">
              {shown.map((faq, index) => (
                <li key={faq.question}>
                  <FaqItem
                    faq={faq}
                    id={`${baseId}-${index}`}
                    open={openQuestion === faq.question}
                    onToggle={() =>
                      setOpenQuestion((current) => (current === faq.question ? null : faq.question))
                    }
                  />
                </li>
              ))}
            </ul>
          )}
        </div>

        {canToggle && (
          <div className="mt-6 flex justify-center">
            <Button
              variant="secondary"
              aria-controls={listId}
              aria-expanded={expanded}
              onClick={() => setExpanded((value) => !value)}
            >
              {expanded ? 'View Less' : 'View More'}
              <ChevronDown
                aria-hidden="true"
                className={cn('size-4 transition-transform', expanded && 'rotate-180')}
              />
            </Button>
          </div>
        )}
      </div>
    </section>
  );
}

interface FaqItemProps {
  faq: Faq;
  id: string;
  open: boolean;
  onToggle: () => void;
}

function FaqItem({ faq, id, open, onToggle }: FaqItemProps) {
  const buttonId = `${id}-question`;
  const panelId = `${id}-answer`;
  return (
    <div
      className={cn(
        'rounded-xl border bg-surface/80 transition-colors',
        open ? 'border-line-strong' : 'border-line hover:border-line-strong',
      )}
    >
      <h3>
        <button
          id={buttonId}
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
          className="flex w-full items-center justify-between gap-4 rounded-xl px-5 py-4 text-left text-base font-semibold text-fg"
        >
          {faq.question}
          <ChevronDown
            aria-hidden="true"
            className={cn(
              'size-5 shrink-0 text-fg-subtle transition-transform',
              open && 'rotate-180 text-accent-text',
            )}
          />
        </button>
      </h3>
      <div
        id={panelId}
        role="region"
        aria-labelledby={buttonId}
        hidden={!open}
        className="px-5 pb-5 text-sm leading-relaxed text-fg-muted sm:text-base"
      >
        {faq.answer}
      </div>
    </div>
  );
}
