import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import path from 'node:path';
import { TOTP, Secret } from 'otpauth';
import { expectNoSeriousViolations } from './support/axe';

// The user dashboard against the built app (scripts/e2e-server.mjs): an Owner `owner` exists, rate
// limits are off, and this spec makes its own member and keys through the API.
test.describe.configure({ mode: 'serial' });

const OWNER = { username: 'owner', password: 'e2e-owner-password' };
const PASSWORD = 'e2e-dash-password';
const CLOTHING_BOT = '64f1a2b3c4d5e6f701234568';
const ARTIFACTS = path.join('e2e', 'artifacts');
const username = `dash_${Date.now().toString(36).slice(-6)}`;
const SETTINGS_OFF = {
  allowHWIDReset: 'no',
  allowSettingsAccess: 'no',
  hwidResetCooldownHours: 24,
};

let api: APIRequestContext;
let ownerToken: string;
let memberToken: string;
let keys: string[];

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function login(name: string, password: string): Promise<string> {
  const res = await api.post('/api/auth/login', { data: { username: name, password } });
  expect(res.status(), `login ${name}`).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

async function openDashboard(page: Page): Promise<void> {
  await page.addInitScript((t) => localStorage.setItem('auth_token', t), memberToken);
  await page.goto('/user-dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
}

const productCard = (page: Page) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Clothing Bot' }) });

test.beforeAll(async ({ playwright, baseURL }) => {
  api = await playwright.request.newContext({ baseURL });
  ownerToken = await login(OWNER.username, OWNER.password);
  const registered = await api.post('/api/register', { data: { username, password: PASSWORD } });
  expect(registered.status(), await registered.text()).toBe(201);
  memberToken = await login(username, PASSWORD);

  // Owners generate keys for free: two one-week keys for the member to redeem.
  const generated = await api.post('/api/keys/generate', {
    headers: auth(ownerToken),
    data: { productId: CLOTHING_BOT, plan: 'Basic Plan', quantity: 2 },
  });
  expect(generated.status(), await generated.text()).toBe(200);
  keys = ((await generated.json()) as { keys: string[] }).keys;

  const settings = await api.put('/api/admin/global-product-settings', {
    headers: auth(ownerToken),
    data: { allowHWIDReset: 'yes', allowSettingsAccess: 'yes', hwidResetCooldownHours: 24 },
  });
  expect(settings.ok(), await settings.text()).toBe(true);
});

test.afterAll(async () => {
  // Other specs start from the seeded defaults.
  await api.put('/api/admin/global-product-settings', {
    headers: auth(ownerToken),
    data: SETTINGS_OFF,
  });
  await api.dispose();
});

test('a member redeems a key and sees the product with its expiry', async ({ page }) => {
  await openDashboard(page);
  await expect(page.getByText(`Welcome, ${username}`)).toBeVisible();
  await expect(page.getByText("You don't own any products yet.")).toBeVisible();

  const key = page.getByLabel('Voucher key');
  await key.fill(keys[0]!);
  await page.getByRole('button', { name: 'Redeem' }).click();
  await expect(page.getByText('Key redeemed successfully')).toBeVisible();
  await expect(key).toHaveValue('');

  const card = productCard(page);
  await expect(card).toHaveCount(1);
  await expect(card.getByText('Active')).toBeVisible();
  // A one-week key: "in 7 days (d MMM yyyy, HH:mm)".
  await expect(card.locator('time')).toHaveText(/^in 7 days \(\d{1,2} \w{3} \d{4}, \d{2}:\d{2}\)$/);
  await expect(card.getByText('Not bound yet')).toBeVisible();

  // The same key again is refused, in red.
  await key.fill(keys[0]!);
  await page.getByRole('button', { name: 'Redeem' }).click();
  const failure = page.getByText('Invalid or already used key.');
  await expect(failure).toBeVisible();
  await expect(failure).toHaveCSS('color', 'rgb(248, 113, 113)');
});

test('the licence settings dialog shows the key and saves valid JSON', async ({ page }) => {
  await openDashboard(page);
  await productCard(page).getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Clothing Bot settings' });
  // The licence's own key (STLL-...), not the voucher that was redeemed.
  await expect(dialog.getByText(/^STLL(-[0-9A-Z]{5}){4}$/)).toBeVisible();
  await expect(dialog.getByText(keys[0]!)).toHaveCount(0);

  const editor = dialog.getByLabel('Settings (JSON)');
  await expect(editor).toHaveValue('{}');
  await editor.fill('{ "threads": ');
  await dialog.getByRole('button', { name: 'Save settings' }).click();
  await expect(dialog.getByText(/^Settings must be valid JSON\./)).toBeVisible();
  await editor.fill('[1, 2]');
  await dialog.getByRole('button', { name: 'Save settings' }).click();
  await expect(dialog.getByText('Settings must be a JSON object.')).toBeVisible();

  await editor.fill('{ "threads": 4 }');
  await dialog.getByRole('button', { name: 'Save settings' }).click();
  await expect(dialog.getByText('Settings saved.')).toBeVisible();
  const owns = await api.get('/api/users/owns', { headers: auth(memberToken) });
  const [licence] = ((await owns.json()) as { ownedProducts: Array<{ _id: string }> })
    .ownedProducts;
  const saved = await api.get(`/api/licences/${licence!._id}/settings`, {
    headers: auth(memberToken),
  });
  expect(await saved.json()).toEqual({ threads: 4 });
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

test('Reset HWID alerts success, then the cooldown refusal with its reason', async ({ page }) => {
  // The automation tool's first valid check binds the machine; it uses the licence's own key.
  const owned = await api.get('/api/users/owns', { headers: auth(memberToken) });
  const { ownedProducts } = (await owned.json()) as {
    ownedProducts: Array<{ slug: string; licenceKey: string }>;
  };
  const licenceKey = ownedProducts.find((p) => p.slug === 'clothing-bot')!.licenceKey;
  const check = await api.post('/api/client/validate', {
    data: {
      key: licenceKey,
      hwid: 'e2e-machine-0001',
      product: 'clothing-bot',
      nonce: 'e2e-nonce-0123456789',
    },
  });
  expect(((await check.json()) as { code: string }).code).toBe('VALID');

  await openDashboard(page);
  const card = productCard(page);
  await expect(card.getByText('e2e-machine-0001')).toBeVisible();

  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  await card.getByRole('button', { name: 'Reset HWID' }).click();
  await expect.poll(() => alerts).toEqual(['HWID reset successfully!']);
  await expect(card.getByText('Not bound yet')).toBeVisible();
  await expect(card.getByText(/^Next HWID reset possible in/)).toBeVisible();

  await card.getByRole('button', { name: 'Reset HWID' }).click();
  await expect.poll(() => alerts).toEqual(['HWID reset successfully!', 'Failed to reset HWID.']);
  await expect(card.getByRole('alert')).toHaveText(
    /^You can reset your HWID again after \d{1,2} \w{3} \d{4}, \d{2}:\d{2}\.$/,
  );
});

test('tickets: View Ticket leads to the ticket, delete asks first', async ({ page }) => {
  const created = await api.post('/api/ticket/tickets', {
    headers: auth(memberToken),
    data: { message: 'My key does not work.', priority: 'High', reason: 'Bug Report' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await openDashboard(page);
  const item = page.getByRole('listitem').filter({ hasText: 'My key does not work.' });
  await expect(item.getByRole('link', { name: 'View Ticket' })).toHaveAttribute(
    'href',
    `/ticket/${id}`,
  );

  const asked: string[] = [];
  page.once('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  await item.getByRole('button', { name: 'Delete ticket' }).click();
  await expect.poll(() => asked).toEqual(['Are you sure you want to delete this ticket?']);
  await expect(item).toHaveCount(1);

  page.once('dialog', (dialog) => void dialog.accept());
  await item.getByRole('button', { name: 'Delete ticket' }).click();
  await expect(page.getByText('You have no support tickets.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact Support' })).toHaveAttribute(
    'href',
    '/contact',
  );
});

test('enables 2FA with a code from the shown secret and sees "2FA Verified"', async ({ page }) => {
  // On a phone-sized screen, where the dialogs are tightest.
  await page.setViewportSize({ width: 390, height: 844 });
  await openDashboard(page);
  await page.getByRole('button', { name: 'Enable 2FA' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enable 2FA' });
  // The current password first: a wrong one is refused and shows no secret.
  await dialog.getByLabel('Current password').fill('not-the-password');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('Password is incorrect.')).toBeVisible();
  await expect(dialog.getByTestId('two-factor-secret')).toHaveCount(0);
  await expectNoSeriousViolations(page);
  await dialog.getByLabel('Current password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await dialog.getByTestId('two-factor-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: path.join(ARTIFACTS, 'dashboard-2fa-setup-390.png') });

  const totp = new TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });
  await dialog.getByLabel('Authentication code').fill(totp.generate());
  await dialog.getByRole('button', { name: 'Verify 2FA' }).click();

  const codes = page.getByRole('dialog', { name: 'Your backup codes' });
  await expect(codes.getByText('Store these now')).toBeVisible();
  await expect(codes.getByRole('list', { name: 'Backup codes' }).getByRole('listitem')).toHaveCount(
    10,
  );
  await expect(dialog).toHaveCount(0);
  await page.screenshot({ path: path.join(ARTIFACTS, 'dashboard-backup-codes-390.png') });
  await codes.getByRole('button', { name: 'I have stored them' }).click();

  await expect(page.getByRole('button', { name: '2FA Verified' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Enable 2FA' })).toHaveCount(0);
  await expect(page.getByText('Two-factor authentication is on.')).toBeVisible();
  const me = await api.get('/api/users/user', { headers: auth(memberToken) });
  expect(((await me.json()) as { twoFactorEnabled: boolean }).twoFactorEnabled).toBe(true);
});

test('no serious axe violations; fits 1280 and 390 pixels; screenshots', async ({ page }) => {
  await api.post('/api/ticket/tickets', {
    headers: auth(memberToken),
    data: { message: 'How do I move my licence to a new PC?', reason: 'General Inquiry' },
  });
  await openDashboard(page);
  await expect(productCard(page)).toHaveCount(1);
  await expectNoSeriousViolations(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
    await page.reload();
    await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
    await expect(productCard(page)).toHaveCount(1);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `no sideways scrolling at ${width}px`).toBeLessThanOrEqual(0);
    await page.screenshot({
      path: path.join(ARTIFACTS, `dashboard-${width}.png`),
      fullPage: true,
      animations: 'disabled',
    });
  }
});
