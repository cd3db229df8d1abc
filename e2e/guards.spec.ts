import { expect, test } from '@playwright/test';
import { bearer, readAccounts, signIn } from './support/accounts';

test.describe('route guard', () => {
  for (const path of ['/user-dashboard', '/resell-panel', '/admin-panel', '/chat', '/ticket/abc']) {
    test(`a visitor on ${path} is sent to /login`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Log in to Stellar' }),
      ).toBeVisible();
    });
  }

  test('a Member on /admin-panel and /resell-panel is sent to /unauthorized', async ({ page }) => {
    await signIn(page, readAccounts().member);
    await page.goto('/admin-panel');
    await expect(page).toHaveURL(/\/unauthorized$/);
    await expect(
      page.getByRole('heading', { level: 1, name: "You don't have access to this page" }),
    ).toBeVisible();
    await page.goto('/resell-panel');
    await expect(page).toHaveURL(/\/unauthorized$/);
    await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute(
      'href',
      '/user-dashboard',
    );
  });

  test('a Member reaches the dashboard', async ({ page }) => {
    await signIn(page, readAccounts().member);
    await page.goto('/user-dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  test('the Owner reaches both panels', async ({ page }) => {
    await signIn(page, readAccounts().owner);
    await page.goto('/admin-panel');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
    await page.goto('/resell-panel');
    await expect(page.getByRole('heading', { level: 1, name: 'Resell Panel' })).toBeVisible();
  });

  test('a stale token is removed and the visitor goes to /login', async ({ page }) => {
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('auth_token', 'not-a-real-session-token');
      }
    });
    await page.goto('/user-dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await expect
      .poll(() => page.evaluate(() => window.localStorage.getItem('auth_token')))
      .toBeNull();
  });
});

test.describe('maintenance', () => {
  test.afterEach(async ({ request }) => {
    await request.post('/api/maintenance/disable', {
      headers: bearer(readAccounts().owner.token),
      data: { page: 'clothing-bot' },
    });
  });

  test('a page under maintenance sends a visitor to /maintenance and shows staff a banner', async ({
    page,
    browser,
    request,
  }) => {
    const { owner } = readAccounts();
    const enable = await request.post('/api/maintenance/enable', {
      headers: bearer(owner.token),
      data: { page: 'clothing-bot' },
    });
    expect(enable.ok(), await enable.text()).toBe(true);

    await page.goto('/product/clothing-bot');
    await expect(page).toHaveURL(/\/maintenance$/);
    await expect(
      page.getByRole('heading', { level: 1, name: "We'll Be Right Back!" }),
    ).toBeVisible();
    // Other pages stay open.
    await page.goto('/product/stellar-launcher');
    await expect(page.getByRole('heading', { level: 1, name: 'Stellar Launcher' })).toBeVisible();

    const staffContext = await browser.newContext();
    const staffPage = await staffContext.newPage();
    await signIn(staffPage, owner);
    await staffPage.goto('/product/clothing-bot');
    await expect(
      staffPage.getByText(
        'This page is under maintenance. Visitors are being shown the maintenance page.',
      ),
    ).toBeVisible();
    await expect(staffPage.getByRole('heading', { level: 1, name: 'Clothing Bot' })).toBeVisible();
    await staffContext.close();
  });
});
