import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import path from 'node:path';
import { OWNER, TOKEN_STORAGE_KEY } from './support/accounts';
import { expectNoSeriousViolations } from './support/axe';
import { openProduct } from './support/home';

// Checkout in test mode (scripts/e2e-server.mjs sets PAYMENTS_TEST_MODE=on): the server's own test
// checkout page drives the same signed webhook path as BTCPay. Each test makes its own accounts.
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const PASSWORD = 'e2e-checkout-password';
const CLOTHING_BOT = '64f1a2b3c4d5e6f701234568';
const TEST_BANNER = 'Test mode: no real payment happens.';
const suffix = Date.now().toString(36).slice(-6);

let api: APIRequestContext;
let ownerToken: string;

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function login(username: string, password: string): Promise<string> {
  const res = await api.post('/api/auth/login', { data: { username, password } });
  expect(res.status(), `login ${username}`).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

async function register(username: string): Promise<{ id: string; token: string }> {
  const res = await api.post('/api/register', { data: { username, password: PASSWORD } });
  expect(res.status(), await res.text()).toBe(201);
  const id = ((await res.json()) as { user: { _id: string } }).user._id;
  return { id, token: await login(username, PASSWORD) };
}

async function signInPage(page: Page, token: string): Promise<void> {
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    TOKEN_STORAGE_KEY,
    token,
  ] as const);
}

/** The newest order of the member, read through the API. */
async function latestOrder(
  token: string,
): Promise<{ _id: string; status: string; amount: number }> {
  const res = await api.get('/api/orders', { headers: auth(token) });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as unknown;
  const orders = (Array.isArray(body) ? body : (body as { orders: unknown[] }).orders) as Array<{
    _id: string;
    status: string;
    amount: number;
    createdAt: string;
  }>;
  orders.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  expect(orders.length).toBeGreaterThan(0);
  return orders[0]!;
}

/** Sets a flag a full page load would wipe: still there means the page updated in place. */
const markPage = (page: Page) =>
  page.evaluate(() => ((window as { __noReload?: boolean }).__noReload = true));
const stillSamePage = (page: Page) =>
  page.evaluate(() => (window as { __noReload?: boolean }).__noReload === true);

async function shoot(
  page: Page,
  name: string,
  testInfo: {
    project: { outputDir: string };
    attach: (n: string, o: { path: string; contentType: string }) => Promise<void>;
  },
) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
    const file = path.join(testInfo.project.outputDir, `${name}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
    await testInfo.attach(`${name}-${width}`, { path: file, contentType: 'image/png' });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.beforeAll(async ({ playwright, baseURL }) => {
  api = await playwright.request.newContext({ baseURL });
  ownerToken = await login(OWNER.username, OWNER.password);
});
// The e2e server runs the test processor (scripts/e2e-server.mjs sets PAYMENTS_TEST_MODE=on): a
// server without it is a failure here, not a skip.
test.beforeEach(async () => {
  const res = await api.get('/api/payments/status');
  expect(res.status()).toBe(200);
  expect(((await res.json()) as { mode: string }).mode).toBe('test');
});
test.afterAll(async () => {
  await api.dispose();
});

test('a visitor registers from Subscribe Now, pays on the test checkout and sees the licence arrive without a reload', async ({
  page,
  context,
}, testInfo) => {
  // Register, log in, pay, and axe plus screenshots on four screens.
  test.slow();
  const username = `buyer_${suffix}`;
  await openProduct(page, 'clothing-bot');
  await page
    .getByRole('article', { name: 'Standard Plan' })
    .getByRole('link', { name: /Subscribe Now/ })
    .click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Retype password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Register' }).click();
  // A new account signs in next; the login keeps the way back to the checkout.
  await expect(page).toHaveURL(
    `/login?next=${encodeURIComponent('/checkout/clothing-bot?plan=standard-plan')}`,
  );
  // The address changes as the navigation starts; the register form, which has a Username field too,
  // stays on screen until the login screen has loaded (a fill in between went to the old form).
  await expect(page.getByRole('heading', { level: 1, name: 'Log in to Stellar' })).toBeVisible();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();

  // Back on the same checkout, signed in.
  await expect(page).toHaveURL('/checkout/clothing-bot?plan=standard-plan');
  await expect(page.getByText(TEST_BANNER)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText('$20.00');
  await expectNoSeriousViolations(page);
  await shoot(page, 'checkout', testInfo);

  await page.getByRole('button', { name: 'Pay with crypto' }).click();
  await expect(page).toHaveURL(/\/api\/payments\/test\/checkout\//);
  await expect(page.getByRole('button', { name: 'Simulate payment' })).toBeVisible();

  // The order page, open in a second tab while the invoice is unpaid.
  const token = await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_STORAGE_KEY);
  expect(token).toBeTruthy();
  const order = await latestOrder(token!);
  expect(order.status).toBe('pending');
  const watcher = await context.newPage();
  await watcher.goto(`/orders/${order._id}`);
  await expect(watcher.getByTestId('order-state')).toHaveText('Waiting for payment');
  await expect(watcher.getByText(TEST_BANNER)).toBeVisible();
  await expectNoSeriousViolations(watcher);
  await shoot(watcher, 'order-pending', testInfo);
  await markPage(watcher);

  await page.getByRole('button', { name: 'Simulate payment' }).click();
  await expect(page).toHaveURL(`/orders/${order._id}`);
  await expect(page.getByTestId('order-state')).toHaveText('Payment received');

  // The waiting tab follows by itself: paid, with the new licence and its key.
  await expect(watcher.getByTestId('order-state')).toHaveText('Payment received', {
    timeout: 15_000,
  });
  await expect(watcher.getByText(/^STLL-/)).toBeVisible();
  await expect(watcher.getByTestId('licence-expiry')).toBeVisible();
  expect(await stillSamePage(watcher)).toBe(true);
  await watcher.getByRole('button', { name: 'Copy licence key' }).click();
  expect(await watcher.evaluate(() => navigator.clipboard.readText())).toMatch(/^STLL-/);
  await expectNoSeriousViolations(watcher);
  await shoot(watcher, 'order-paid', testInfo);

  // The dashboard lists the order, paid, and the licence.
  await watcher.goto('/user-dashboard');
  const orders = watcher.getByRole('list', { name: 'Your orders, newest first' });
  await expect(orders.getByRole('listitem')).toHaveCount(1);
  await expect(orders.getByRole('listitem').first()).toContainText('Status: Paid');
  await expect(watcher.getByRole('heading', { name: 'Clothing Bot', level: 3 })).toBeVisible();
  await expectNoSeriousViolations(watcher);
  await shoot(watcher, 'dashboard-orders', testInfo);
  await orders.getByRole('link').first().click();
  await expect(watcher).toHaveURL(`/orders/${order._id}`);
});

test('a coupon order: a bad code is refused, a good one lowers the total and is paid', async ({
  page,
}) => {
  const code = `E2E${suffix}`.toUpperCase();
  const created = await api.post('/api/admin/coupons', {
    headers: auth(ownerToken),
    data: { code, percentOff: 50, productId: CLOTHING_BOT, maxUses: 5 },
  });
  expect(created.status(), await created.text()).toBe(201);

  const member = await register(`coupon_${suffix}`);
  await signInPage(page, member.token);
  await page.goto('/checkout/clothing-bot?plan=standard-plan');
  const field = page.getByLabel('Coupon code (optional)');
  await field.fill('NO-SUCH-CODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('order-total')).toHaveText('$20.00');

  await field.fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(`Coupon ${code.toLowerCase()} applied.`)).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText('$10.00');
  await expectNoSeriousViolations(page);

  await page.getByRole('button', { name: 'Pay with crypto' }).click();
  await expect(page).toHaveURL(/\/api\/payments\/test\/checkout\//);
  await expect(page.getByText('$10.00')).toBeVisible();
  await page.getByRole('button', { name: 'Simulate payment' }).click();
  await expect(page.getByTestId('order-state')).toHaveText('Payment received');
  await expect(page.getByText(/^STLL-/)).toBeVisible();

  const order = await latestOrder(member.token);
  expect(order).toMatchObject({ status: 'paid', amount: 10 });
});

test('an expired order offers Try again, which opens a new payment page', async ({
  page,
}, testInfo) => {
  const member = await register(`expiry_${suffix}`);
  await signInPage(page, member.token);
  await page.goto('/checkout/clothing-bot?plan=basic-plan');
  await page.getByRole('button', { name: 'Pay with crypto' }).click();
  await page.getByRole('button', { name: 'Simulate expiry' }).click();
  await expect(page.getByTestId('order-state')).toHaveText('This order expired');
  await expectNoSeriousViolations(page);
  await shoot(page, 'order-expired', testInfo);
  const expired = await latestOrder(member.token);

  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/api\/payments\/test\/checkout\//);
  const retried = await latestOrder(member.token);
  expect(retried._id).not.toBe(expired._id);
  expect(retried.status).toBe('pending');
});

test('a reseller tops up the balance and the panel follows the payment without a reload', async ({
  page,
  context,
}, testInfo) => {
  test.slow();
  const reseller = await register(`topup_${suffix}`);
  const role = await api.put(`/api/users/${reseller.id}/role`, {
    headers: auth(ownerToken),
    data: { role: 'Reseller' },
  });
  expect(role.status(), await role.text()).toBe(200);

  await signInPage(page, reseller.token);
  await page.goto('/resell-panel');
  await expect(page.getByTestId('reseller-balance')).toHaveText('$0.00');
  const amount = page.getByLabel('Amount (USD)');
  await amount.fill('5');
  await page.getByRole('button', { name: 'Top up with crypto' }).click();
  await expect(page.getByText('Enter an amount between $10.00 and $10,000.00.')).toBeVisible();
  await expect(page.getByText(TEST_BANNER)).toBeVisible();
  await expectNoSeriousViolations(page);
  await shoot(page, 'resell-top-up', testInfo);

  await amount.fill('25');
  await page.getByRole('button', { name: 'Top up with crypto' }).click();
  await expect(page).toHaveURL(/\/api\/payments\/test\/checkout\//);

  const panel = await context.newPage();
  await panel.goto('/resell-panel');
  const topUps = panel.getByRole('list', { name: 'Top-ups, newest first' });
  await expect(topUps.getByRole('listitem').first()).toContainText('Status: Waiting for payment');
  await markPage(panel);

  await page.getByRole('button', { name: 'Simulate payment' }).click();
  await expect(topUps.getByRole('listitem').first()).toContainText('Status: Paid', {
    timeout: 15_000,
  });
  await expect(panel.getByTestId('reseller-balance')).toHaveText('$25.00');
  expect(await stillSamePage(panel)).toBe(true);
  await expectNoSeriousViolations(panel);
});
