import { expect, test } from '@playwright/test';
import { readAccounts, signIn } from './support/accounts';
import { expectNoSeriousViolations } from './support/axe';

// Staff side of checkout (issue 12): the Coupons and Orders tabs of the admin panel against the
// built app, signed in as the run's Owner.
const code = `E2E-${Date.now().toString(36).slice(-6)}`;

test('staff create a coupon, see it listed, disable it; both tabs axe clean', async ({ page }) => {
  const { owner } = readAccounts();
  await signIn(page, owner);
  await page.goto('/admin-panel?section=coupons');
  await expect(page.getByRole('heading', { level: 2, name: 'Coupons' })).toBeVisible();
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);

  // The server's own validation message, under its field.
  await page.getByLabel('Code').fill(code);
  await page.getByLabel('Percent off').fill('150');
  await page.getByRole('button', { name: 'Create coupon' }).click();
  await expect(page.getByText('Percent off must be a whole number from 1 to 100.')).toBeVisible();

  await page.getByLabel('Percent off').fill('20');
  await page.getByLabel('Max uses').fill('5');
  await page.getByRole('button', { name: 'Create coupon' }).click();
  await expect(page.getByText(`Coupon ${code} created.`)).toBeVisible();
  const row = page
    .getByRole('list', { name: 'Coupons' })
    .getByRole('listitem')
    .filter({ hasText: code });
  await expect(row.getByText('20% off · Any product')).toBeVisible();
  await expect(row.getByText(/Used 0 of 5/)).toBeVisible();
  await expectNoSeriousViolations(page);

  await row.getByRole('switch', { name: `Coupon ${code} active` }).click();
  await expect(page.getByText(`Coupon ${code} disabled.`)).toBeVisible();
  await expect(row.getByText('Disabled')).toBeVisible();

  await page.getByRole('tab', { name: 'Orders' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Orders' })).toBeVisible();
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
  await expect(page.getByLabel('Status')).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('both tabs fit a phone (390 px) without sideways scrolling', async ({ page }) => {
  const { owner } = readAccounts();
  await signIn(page, owner);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const section of ['orders', 'coupons']) {
    await page.goto(`/admin-panel?section=${section}`);
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `no sideways scrolling (${section})`).toBeLessThanOrEqual(0);
  }
});
