import { expect, test, type Page } from '@playwright/test';
import { nextTotpCode, readAccounts, TOKEN_STORAGE_KEY } from './support/accounts';

const storedToken = (page: Page) =>
  page.evaluate((key) => window.localStorage.getItem(key), TOKEN_STORAGE_KEY);

test.describe('register', () => {
  test('a password mismatch shows "Passwords do not match" and sends no request', async ({
    page,
  }) => {
    await page.goto('/register');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Create your account' }),
    ).toBeVisible();
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
    });

    await page.getByLabel('Username').fill('mismatch-user');
    await page.getByLabel('Password', { exact: true }).fill('first-password');
    await page.getByLabel('Retype password').fill('second-password');
    await page.getByRole('button', { name: 'Register' }).click();

    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await expect(page.getByLabel('Retype password')).toHaveAttribute('aria-invalid', 'true');
    // Give a stray request time to leave before asserting that none did.
    await page.waitForTimeout(500);
    expect(apiCalls.filter((url) => url.includes('/register'))).toEqual([]);
    expect(apiCalls).toEqual([]);
    await expect(page).toHaveURL(/\/register$/);
  });

  test('server field errors appear under their fields', async ({ page }) => {
    const { member } = readAccounts();
    await page.goto('/register');
    await page.getByLabel('Username').fill(member.username);
    await page.getByLabel('Password', { exact: true }).fill('another-password');
    await page.getByLabel('Retype password').fill('another-password');
    const reply = page.waitForResponse('**/api/register');
    await page.getByRole('button', { name: 'Register' }).click();
    expect((await reply).status()).toBe(409);

    const username = page.getByLabel('Username');
    await expect(username).toHaveAttribute('aria-invalid', 'true');
    const errorId = (await username.getAttribute('aria-describedby'))!.split(' ').at(-1)!;
    await expect(page.locator(`[id="${errorId}"]`)).toContainText(/taken|exists/i);
  });

  test('a new account goes on to the login page', async ({ page }) => {
    await page.goto('/register');
    await page.getByLabel('Username').fill('e2e-newcomer');
    await page.getByLabel('Password', { exact: true }).fill('newcomer-password');
    await page.getByLabel('Retype password').fill('newcomer-password');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(
      page.getByText('Your account has been created. You can now log in.'),
    ).toBeVisible();
  });
});

test.describe('login', () => {
  test('links to register and to password reset', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/register',
    );
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/reset-password$/);
  });

  test('wrong credentials show the server message', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Username').fill('nobody-here');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid username or password.');
    expect(await storedToken(page)).toBeNull();
  });

  test('the 2FA field appears only after the server asks for it', async ({ page }) => {
    const { twoFactor } = readAccounts();
    await page.goto('/login');
    await expect(page.getByLabel('2FA code')).toHaveCount(0);

    await page.getByLabel('Username').fill(twoFactor.username);
    await page.getByLabel('Password', { exact: true }).fill(twoFactor.password);
    await page.getByRole('button', { name: 'Log in' }).click();

    await expect(page.getByText('2FA code is required. Please enter your code.')).toBeVisible();
    const code = page.getByLabel('2FA code');
    await expect(code).toBeVisible();
    await expect(code).toBeFocused();
    expect(await storedToken(page)).toBeNull();

    await code.fill('000000');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Invalid 2FA code.')).toBeVisible();
    await expect(code).toHaveAttribute('aria-invalid', 'true');

    await code.fill(nextTotpCode(twoFactor.secret));
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/user-dashboard$/);
    expect(await storedToken(page)).toBeTruthy();
  });

  test('a member logs in, reaches the dashboard, and logs out', async ({ page }) => {
    const { member } = readAccounts();
    await page.goto('/login');
    await page.getByLabel('Username').fill(member.username);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Log in' }).click();

    await expect(page).toHaveURL(/\/user-dashboard$/);
    const menu = page.getByRole('button', { name: member.username });
    await menu.click();
    await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Resell Panel' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Logout' }).click();

    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    expect(await storedToken(page)).toBeNull();
  });
});

test('reset password explains which codes work and reports a wrong one', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  await expect(
    page.getByText(
      'Enter a code from your authenticator app, one of your backup codes, or a one-time reset code from Stellar support.',
    ),
  ).toBeVisible();

  await page.getByLabel('Username').fill('nobody-here');
  await page.getByLabel('Code', { exact: true }).fill('ABC123');
  await page.getByLabel('New password', { exact: true }).fill('brand-new-password');
  await page.getByLabel('Retype new password').fill('brand-new-passwort');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  await page.getByLabel('Retype new password').fill('brand-new-password');
  const reply = page.waitForResponse('**/api/auth/reset-password');
  await page.getByRole('button', { name: 'Reset password' }).click();
  expect((await reply).status()).toBe(400);
  // The server names the code field, so the message sits under it.
  const code = page.getByLabel('Code', { exact: true });
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Invalid username or code.')).toBeVisible();
});
