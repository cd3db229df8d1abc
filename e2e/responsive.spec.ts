import { expect, test, type Page } from '@playwright/test';
import { readAccounts, signIn } from './support/accounts';

// 360 px is the narrowest phone the design supports: nothing may scroll sideways.
const PAGES = [
  '/',
  '/product/stellar-launcher',
  '/product/no-such-product',
  '/register',
  '/login',
  '/reset-password',
  '/contact',
  '/code-editor',
  '/tos',
  '/privacy',
  '/refund-policy',
  '/maintenance',
  '/unauthorized',
];

const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('no public page scrolls sideways at 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  for (const path of PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await sidewaysOverflow(page), path).toBeLessThanOrEqual(0);
  }
});

test('the member pages of this issue do not scroll sideways at 360 px', async ({ page }) => {
  await signIn(page, readAccounts().member);
  await page.setViewportSize({ width: 360, height: 780 });
  for (const path of ['/contact', '/checkout/clothing-bot?plan=basic-plan', '/change-password']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await sidewaysOverflow(page), path).toBeLessThanOrEqual(0);
  }
});
