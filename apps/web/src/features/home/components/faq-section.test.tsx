import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FAQS, type Faq } from '../content/faqs';
import { filterFaqs, visibleFaqs } from './faq-filter';
import { FaqSection } from './faq-section';

const FAQ_FIXTURE: Faq[] = [
  { question: 'Is there a free trial?', answer: 'No trial.' },
  { question: 'Can I upgrade?', answer: 'Yes, PRORATED from the dashboard.' },
  { question: 'Which payments?', answer: 'Cryptocurrency only; resellers take PayPal.' },
  { question: 'Updates?', answer: 'Included.' },
];

const questionButton = (name: string) => screen.getByRole('button', { name });

describe('filterFaqs', () => {
  it('matches the question or the answer, ignoring case and surrounding spaces', () => {
    expect(filterFaqs(FAQ_FIXTURE, 'UPGRADE').map((faq) => faq.question)).toEqual([
      'Can I upgrade?',
    ]);
    expect(filterFaqs(FAQ_FIXTURE, '  prorated ').map((faq) => faq.question)).toEqual([
      'Can I upgrade?',
    ]);
    expect(filterFaqs(FAQ_FIXTURE, 'paypal').map((faq) => faq.question)).toEqual([
      'Which payments?',
    ]);
    expect(filterFaqs(FAQ_FIXTURE, '')).toHaveLength(4);
    expect(filterFaqs(FAQ_FIXTURE, 'nothing like this')).toEqual([]);
  });

  it('collapses to the first two', () => {
    expect(visibleFaqs(FAQ_FIXTURE, false)).toHaveLength(2);
    expect(visibleFaqs(FAQ_FIXTURE, true)).toHaveLength(4);
  });
});

describe('FaqSection', () => {
  it('shows two questions, View More shows all, View Less collapses again', async () => {
    const ui = userEvent.setup();
    render(<FaqSection faqs={FAQ_FIXTURE} />);

    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(2);
    await ui.click(screen.getByRole('button', { name: 'View More' }));
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(4);
    await ui.click(screen.getByRole('button', { name: 'View Less' }));
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(2);
  });

  it('keeps one answer open at a time and closes an open one on a second click', async () => {
    const ui = userEvent.setup();
    render(<FaqSection faqs={FAQ_FIXTURE} />);

    const first = questionButton('Is there a free trial?');
    const second = questionButton('Can I upgrade?');
    expect(screen.queryByText('No trial.')).not.toBeVisible();

    await ui.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('No trial.')).toBeVisible();

    await ui.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('No trial.')).not.toBeVisible();
    expect(screen.getByText('Yes, PRORATED from the dashboard.')).toBeVisible();

    await ui.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Yes, PRORATED from the dashboard.')).not.toBeVisible();
  });

  it('filters live as the visitor types and says when nothing matches', async () => {
    const ui = userEvent.setup();
    render(<FaqSection faqs={FAQ_FIXTURE} />);
    const search = screen.getByRole('searchbox', { name: 'Search FAQs' });

    await ui.type(search, 'PayP');
    const headings = screen.getAllByRole('heading', { level: 3 });
    expect(headings.map((heading) => heading.textContent)).toEqual(['Which payments?']);
    expect(screen.queryByRole('button', { name: 'View More' })).not.toBeInTheDocument();

    await ui.clear(search);
    await ui.type(search, 'zebra');
    expect(screen.getByText('No FAQs matched your search.')).toBeInTheDocument();
    expect(screen.queryAllByRole('heading', { level: 3 })).toHaveLength(0);

    await ui.clear(search);
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(2);
  });

  it('states every FAQ fact of the spec', () => {
    render(<FaqSection />);
    const text = FAQS.map((faq) => `${faq.question} ${faq.answer}`)
      .join(' ')
      .toLowerCase();
    for (const fact of [
      'no free trial',
      'prorated',
      'dashboard',
      'cryptocurrency only',
      'paypal, credit cards, robux and more',
      'cancel at any time',
      'no further payments',
      'updates',
      'reseller',
      'commission',
    ]) {
      expect(text).toContain(fact);
    }
    expect(
      within(screen.getByRole('region', { name: /Frequently Asked Questions/ })).getAllByRole(
        'heading',
        { level: 3 },
      ),
    ).toHaveLength(2);
  });
});
