import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expectNoSeriousViolations } from './support/axe';

// The reseller panel against the built app (scripts/e2e-server.mjs): an Owner `owner` exists, rate
// limits are off, and this spec makes its own Reseller and member through the API.
test.describe.configure({ mode: 'serial' });
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const OWNER = { username: 'owner', password: 'e2e-owner-password' };
const PASSWORD = 'e2e-resell-password';
const CLOTHING_BOT = '64f1a2b3c4d5e6f701234568';
const ARTIFACTS = path.join('e2e', 'artifacts');
const suffix = Date.now().toString(36).slice(-6);

let api: APIRequestContext;
let resellerToken: string;
let memberToken: string;
let generated: string[] = [];

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function login(username: string, password: string): Promise<string> {
  const res = await api.post('/api/auth/login', { data: { username, password } });
  expect(res.status(), `login ${username}`).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

async function register(username: string): Promise<string> {
  const res = await api.post('/api/register', { data: { username, password: PASSWORD } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { user: { _id: string } }).user._id;
}

async function openAs(page: Page, token: string, url: string): Promise<void> {
  await page.addInitScript((t) => localStorage.setItem('auth_token', t), token);
  await page.goto(url);
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
}

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

test.beforeAll(async ({ playwright, baseURL }) => {
  api = await playwright.request.newContext({ baseURL });
  const ownerToken = await login(OWNER.username, OWNER.password);
  const resellerName = `rsl_${suffix}`;
  const resellerId = await register(resellerName);
  const steps = [
    api.put(`/api/users/${resellerId}/role`, {
      headers: auth(ownerToken),
      data: { role: 'Reseller' },
    }),
    api.post(`/api/admin/resellers/${resellerId}/products`, {
      headers: auth(ownerToken),
      data: { productId: CLOTHING_BOT },
    }),
    api.post(`/api/admin/resellers/${resellerId}/balance`, {
      headers: auth(ownerToken),
      data: { amount: 100, reason: 'e2e credit' },
    }),
  ];
  for (const step of steps) {
    const res = await step;
    expect(res.ok(), await res.text()).toBe(true);
  }
  resellerToken = await login(resellerName, PASSWORD);
  const memberName = `buyer_${suffix}`;
  await register(memberName);
  memberToken = await login(memberName, PASSWORD);
});

test.afterAll(async () => {
  await api.dispose();
});

test('a reseller generates keys, copies them and downloads them', async ({ page }) => {
  await openAs(page, resellerToken, '/resell-panel');
  await expect(page.getByRole('heading', { level: 1, name: 'Resell Panel' })).toBeVisible();
  const balance = page.getByTestId('reseller-balance');
  await expect(balance).toHaveText('$100.00');

  // The spec's checks run before any request.
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/keys/generate')) requests.push(request.url());
  });
  const generate = page.getByRole('button', { name: 'Generate Keys' });
  await generate.click();
  await expect(page.getByText('Please select a product and a plan.')).toBeVisible();

  // Only the granted product is offered.
  const product = page.getByLabel('Product', { exact: true });
  await expect(product.locator('option')).toHaveText(['Select a product', 'Clothing Bot']);
  await product.selectOption({ label: 'Clothing Bot' });
  await expect(page.getByRole('radio')).toHaveCount(3);
  await page.getByText('Standard Plan', { exact: true }).click();
  await expect(page.getByRole('radio', { name: /Standard Plan/ })).toBeChecked();
  await page.getByLabel('Quantity').fill('6'); // 6 x $20 = $120 > $100
  await generate.click();
  await expect(page.getByText('Insufficient balance to generate keys.')).toBeVisible();
  expect(requests).toEqual([]);

  await page.getByText('Basic Plan', { exact: true }).click();
  await page.getByLabel('Quantity').fill('3'); // 3 x $7 = $21
  await expect(page.getByText('Total: $21.00')).toBeVisible();
  await generate.click();
  const list = page.getByRole('list', { name: 'Generated keys', exact: true });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  // The balance is the server's answer.
  await expect(balance).toHaveText('$79.00');
  expect(requests).toHaveLength(1);
  generated = await list.locator('code').allTextContents();
  for (const key of generated) expect(key).toMatch(/^STLR(-[0-9A-Z]{5}){4}$/);

  await list.getByRole('button', { name: `Copy key ${generated[1]}` }).click();
  await expect(list.getByText('Copied!')).toHaveCount(1);
  expect(await clipboard(page)).toBe(generated[1]);

  await page.getByRole('button', { name: 'Copy all keys' }).click();
  await expect(page.getByText('Copied!')).toHaveCount(1);
  expect(await clipboard(page)).toBe(generated.join('\n'));
  // "Copied!" lasts 2 seconds.
  await page.waitForTimeout(1500);
  await expect(page.getByText('Copied!')).toHaveCount(1);
  await expect(page.getByText('Copied!')).toHaveCount(0, { timeout: 1500 });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download .txt' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^stellar-keys-clothing-bot-.*\.txt$/);
  const text = readFileSync((await download.path())!, 'utf8');
  expect(text.trim().split('\n')).toEqual(generated);

  // The history lists them, not redeemed yet.
  const history = page.getByRole('list', { name: 'Generated keys, newest first' });
  await expect(history.getByRole('listitem')).toHaveCount(3);
  await expect(history.getByText('Not redeemed')).toHaveCount(3);
});

test('a member redeems one of them; the history shows it redeemed', async ({ page, browser }) => {
  const member = await browser.newPage();
  await openAs(member, memberToken, '/user-dashboard');
  await member.getByLabel('Voucher key').fill(generated[0]!);
  await member.getByRole('button', { name: 'Redeem' }).click();
  await expect(member.getByText('Key redeemed successfully')).toBeVisible();
  const card = member
    .getByRole('listitem')
    .filter({ has: member.getByRole('heading', { name: 'Clothing Bot' }) });
  await expect(card.locator('time')).toHaveText(/^in 7 days \(/);
  await member.close();

  await openAs(page, resellerToken, '/resell-panel');
  const history = page.getByRole('list', { name: 'Generated keys, newest first' });
  // A redeemed voucher is the customer's now: the reseller sees only its last group.
  const masked = `STLR-*****-*****-*****-${generated[0]!.slice(-5)}`;
  const row = history.getByRole('listitem').filter({ hasText: masked });
  await expect(row.getByText('Redeemed', { exact: true })).toBeVisible();
  await expect(history.getByText(generated[0]!)).toHaveCount(0);
  await expect(history.getByText('Not redeemed')).toHaveCount(2);
});

test('no serious axe violations; fits 1280 and 390 pixels; screenshots', async ({ page }) => {
  await openAs(page, resellerToken, '/resell-panel');
  await page.getByLabel('Product', { exact: true }).selectOption({ label: 'Clothing Bot' });
  await page.getByText('Premium Plan', { exact: true }).click();
  await page.getByLabel('Quantity').fill('2');
  await page.getByRole('button', { name: 'Generate Keys' }).click();
  await expect(page.getByTestId('reseller-balance')).toHaveText('$79.00');
  await expect(page.getByText('Insufficient balance to generate keys.')).toBeVisible();
  await page.getByText('Basic Plan', { exact: true }).click();
  await page.getByRole('button', { name: 'Generate Keys' }).click();
  await expect(page.getByRole('list', { name: 'Generated keys', exact: true })).toBeVisible();
  await expect(page.getByTestId('reseller-balance')).toHaveText('$65.00');
  await expectNoSeriousViolations(page);

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
    // The top bar is fixed: from the top, a full-page shot shows it where it belongs.
    await page.evaluate(() => window.scrollTo(0, 0));
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `no sideways scrolling at ${width}px`).toBeLessThanOrEqual(0);
    await page.screenshot({
      path: path.join(ARTIFACTS, `resell-panel-${width}.png`),
      fullPage: true,
      animations: 'disabled',
    });
  }
});
