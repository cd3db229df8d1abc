import { LIMITS } from '@stellar/shared';
import type { Faq } from '../content/faqs';

/** Case-insensitive, matching the question or the answer; blank matches all. */
export function filterFaqs(faqs: readonly Faq[], query: string): Faq[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...faqs];
  return faqs.filter(
    (faq) =>
      faq.question.toLowerCase().includes(needle) || faq.answer.toLowerCase().includes(needle),
  );
}

/** Collapsed shows the first items only, expanded shows every match. */
export function visibleFaqs(
  matches: readonly Faq[],
  expanded: boolean,
  collapsedCount: number = LIMITS.faqCollapsedCount,
): Faq[] {
  return expanded ? [...matches] : matches.slice(0, collapsedCount);
}
