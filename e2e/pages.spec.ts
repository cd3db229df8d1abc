import { expect, test } from '@playwright/test';
import { readAccounts, signIn } from './support/accounts';
import { openHome } from './support/home';

test.describe('legal pages', () => {
  const pages = [
    {
      path: '/tos',
      title: 'Terms of Service',
      sections: [
        'Introduction and acceptance',
        'Eligibility',
        'Licence to use the Services',
        'Prohibited activities',
        'Your content',
        'Third-party platforms',
        'Limitation of liability',
        'Liability waiver',
        'Governing law',
        'Changes to these terms',
        'Termination',
        'Contact',
      ],
      facts: [
        /at least 18 years old/,
        /personal, non-commercial/,
        /copy, reproduce/,
        /excessive automated requests/,
        /security of the Services/,
        /reverse engineer/,
        /amount you paid us in the six \(6\) months/,
        /State of Delaware/,
      ],
    },
    {
      path: '/privacy',
      title: 'Privacy Policy',
      sections: [
        'Information we collect',
        'How we use it',
        'Sharing',
        'Security',
        'Retention',
        'International transfers',
        'Your rights',
        'Children',
        'Changes to this policy',
        'Contact',
      ],
      facts: [/never sell/, /not intended for children under 13/, /Cookies and local storage/],
    },
    {
      path: '/refund-policy',
      title: 'Refund Policy',
      sections: [
        'When a refund is possible',
        'How to request a refund',
        'Delivered or used services',
        'Chargebacks',
        'Contact',
      ],
      facts: [
        /discontinued within 48 hours of your purchase/,
        /full refund or a different Stellar product of equal value/,
        /within 48 hours of purchase/,
        /defective or is not as described/,
        /unjustified chargeback/,
        /fraudulent chargeback/,
        /legal action/,
      ],
    },
  ];

  for (const legal of pages) {
    test(`${legal.title} covers every point, with a "Last updated" date`, async ({ page }) => {
      await page.goto(legal.path);
      await expect(page.getByRole('heading', { level: 1, name: legal.title })).toBeVisible();
      await expect(page.getByText(/^Last updated: \w+ \d{1,2}, \d{4}$/)).toBeVisible();
      const headings = page.locator('article h2');
      await expect(headings).toHaveText(legal.sections.map((title, i) => `${i + 1}. ${title}`));
      for (const fact of legal.facts) await expect(page.locator('article')).toContainText(fact);
      await expect(
        page
          .locator('article')
          .getByRole('link', { name: /contact support/i })
          .first(),
      ).toHaveAttribute('href', '/contact');
    });
  }

  test('the footer reaches each legal page', async ({ page }) => {
    await openHome(page);
    await page.locator('footer').getByRole('link', { name: 'Refund Policy' }).click();
    await expect(page).toHaveURL(/\/refund-policy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Refund Policy' })).toBeVisible();
  });
});

test('the maintenance page says we will be right back and leads home', async ({ page }) => {
  await page.goto('/maintenance');
  await expect(page.getByRole('heading', { level: 1, name: "We'll Be Right Back!" })).toBeVisible();
  await expect(page.getByText(/scheduled maintenance/)).toBeVisible();
  await expect(page.getByText(/Thank you for your patience/)).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the unauthorized page explains and links home and to the dashboard', async ({ page }) => {
  await page.goto('/unauthorized');
  await expect(
    page.getByRole('heading', { level: 1, name: "You don't have access to this page" }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute(
    'href',
    '/user-dashboard',
  );
});

test.describe('contact support', () => {
  test('a guest is asked to log in', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Support' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Log in to contact support' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit Ticket' })).toHaveCount(0);
    await page.getByRole('main').getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a member fills the form and lands on the new ticket', async ({ page }) => {
    const { member } = readAccounts();
    await signIn(page, member);
    await page.goto('/contact');
    await expect(page.getByText(`Opening as ${member.username}`)).toBeVisible();
    await expect(page.getByLabel('Transaction ID (optional, if applicable)')).toHaveValue('');
    await expect(page.getByLabel('Priority')).toHaveValue('Low');
    await expect(page.getByLabel('Reason')).toHaveValue('General Inquiry');

    await page.getByLabel('Transaction ID (optional, if applicable)').fill('TX-E2E-1');
    await page.getByLabel('Priority').selectOption('Medium');
    await page.getByLabel('Reason').selectOption('Bug Report');
    await page.getByLabel('Message').fill('The launcher closes after the third bot starts.');
    const created = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/ticket/tickets') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Submit Ticket' }).click();
    const response = await created;
    expect(response.status()).toBe(201);
    const { id } = (await response.json()) as { id: string };
    await expect(page).toHaveURL(`/ticket/${id}`);
  });
});
