import { expect, test } from '@playwright/test';
import { readAccounts, signIn } from './support/accounts';
import { expectNoSeriousViolations } from './support/axe';
import { openHome } from './support/home';

// Every public page, as a visitor first sees it (the spec's route table).
const PUBLIC_PAGES: Array<[path: string, heading: string | RegExp]> = [
  ['/', 'Welcome to Stellar'],
  ['/product/stellar-launcher', 'Stellar Launcher'],
  ['/product/clothing-bot', 'Clothing Bot'],
  ['/product/other', 'Other'],
  ['/product/unknown-product', 'Product Not Found'],
  ['/register', 'Create your account'],
  ['/login', 'Log in to Stellar'],
  ['/reset-password', 'Reset your password'],
  ['/contact', 'Contact Support'],
  ['/code-editor', 'Helix'],
  ['/tos', 'Terms of Service'],
  ['/privacy', 'Privacy Policy'],
  ['/refund-policy', 'Refund Policy'],
  ['/maintenance', "We'll Be Right Back!"],
  ['/unauthorized', "You don't have access to this page"],
];

test.describe('accessibility (axe: no serious or critical violation)', () => {
  for (const [path, heading] of PUBLIC_PAGES) {
    test(`${path}`, async ({ page }) => {
      await page.goto(path);
      // The Helix page loads Monaco with it (see code-editor.spec.ts).
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({
        timeout: path === '/code-editor' ? 15_000 : 5_000,
      });
      // Home and product pages arrive rendered: check them as the started app leaves them.
      await expect(page.locator('#root[data-app="started"]')).toBeAttached();
      if (path === '/code-editor')
        await expect(page.locator('.monaco-editor textarea')).toBeAttached({ timeout: 15_000 });
      await expectNoSeriousViolations(page);
    });
  }

  test('home with the FAQ expanded and an answer open, on a phone with the menu open', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openHome(page);
    await page.getByRole('button', { name: 'View More' }).click();
    await page.getByRole('button', { name: 'Is there a free trial?' }).click();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expectNoSeriousViolations(page);
    await page.getByRole('searchbox', { name: 'Search FAQs' }).fill('nothing matches this');
    await expect(page.getByText('No FAQs matched your search.')).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test('register with field errors, and login with the 2FA field', async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousViolations(page);

    const { twoFactor } = readAccounts();
    await page.goto('/login');
    await page.getByLabel('Username').fill(twoFactor.username);
    await page.getByLabel('Password', { exact: true }).fill(twoFactor.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByLabel('2FA code')).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test('Helix settings tab', async ({ page }) => {
    await page.goto('/code-editor');
    await page.getByRole('tab', { name: 'settings' }).click();
    await expect(page.getByRole('switch', { name: 'Enable Feature' })).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test('member pages: contact form, checkout, and the signed-in menu', async ({ page }) => {
    const { member } = readAccounts();
    await signIn(page, member);
    await page.goto('/contact');
    await expect(page.getByText(`Opening as ${member.username}`)).toBeVisible();
    await expectNoSeriousViolations(page);

    await page.goto('/checkout/stellar-launcher?plan=premium-plan');
    await expect(page.getByRole('radio', { name: /Premium Plan/ })).toBeChecked();
    await page.getByRole('button', { name: member.username }).click();
    await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});
