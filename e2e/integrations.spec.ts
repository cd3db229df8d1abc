import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { startReceiver, type Receiver } from '../apps/server/test/receiver';
import { expectNoSeriousViolations } from './support/axe';

// API keys and webhooks in the reseller and admin panels, against the built app and a real local
// receiver process standing in for the seller's server.
test.describe.configure({ mode: 'serial' });
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const OWNER = { username: 'owner', password: 'e2e-owner-password' };
const PASSWORD = 'e2e-hooks-password';
const CLOTHING_BOT = '64f1a2b3c4d5e6f701234568';
const suffix = Date.now().toString(36).slice(-6);

let api: APIRequestContext;
let receiver: Receiver;
let ownerToken: string;
let resellerToken: string;
let memberToken: string;

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

test.beforeAll(async ({ playwright, baseURL }) => {
  receiver = await startReceiver();
  api = await playwright.request.newContext({ baseURL });
  ownerToken = await login(OWNER.username, OWNER.password);
  const resellerName = `hooks_${suffix}`;
  const resellerId = await register(resellerName);
  for (const step of [
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
  ]) {
    const res = await step;
    expect(res.ok(), await res.text()).toBe(true);
  }
  resellerToken = await login(resellerName, PASSWORD);
  await register(`hookbuyer_${suffix}`);
  memberToken = await login(`hookbuyer_${suffix}`, PASSWORD);
});

test.afterAll(async () => {
  await api.dispose();
  await receiver.stop();
});

test('a reseller creates an API key (shown once) and a webhook, sees a redeem in the log and redelivers it', async ({
  page,
}) => {
  await openAs(page, resellerToken, '/resell-panel');
  const keys = page.getByRole('region', { name: 'API keys' });
  await keys.getByLabel('Key name').fill('Shop bot');
  await keys.getByRole('checkbox', { name: /Generate keys/ }).check();
  await keys.getByRole('button', { name: 'Create API key' }).click();
  const shown = keys.getByRole('status').filter({ hasText: 'Your API key (shown once)' });
  await expect(shown).toBeVisible();
  const key = (await shown.locator('code').textContent())!;
  expect(key).toMatch(/^stl_/);
  await shown.getByRole('button', { name: 'Copy API key' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await expect(keys.getByRole('list', { name: 'API keys' })).toContainText('Shop bot');

  // The key works as the reseller, within its scope.
  const generated = await api.post('/api/keys/generate', {
    headers: auth(key),
    data: { productId: CLOTHING_BOT, plan: 'Basic Plan', quantity: 1 },
  });
  expect(generated.status(), await generated.text()).toBe(200);
  const [code] = ((await generated.json()) as { keys: string[] }).keys;

  const hooks = page.getByRole('region', { name: 'Webhooks' });
  await hooks.getByLabel('Endpoint URL').fill(receiver.url('e2e'));
  await hooks.getByRole('checkbox', { name: 'key.redeemed' }).check();
  await hooks.getByRole('button', { name: 'Add webhook' }).click();
  await expect(hooks.getByText('Your signing secret (shown once)')).toBeVisible();
  await expect(hooks.locator('code').first()).toHaveText(/^whsec_/);

  const redeemed = await api.post('/api/keys/redeem', {
    headers: auth(memberToken),
    data: { keyCode: code },
  });
  expect(redeemed.status(), await redeemed.text()).toBe(200);
  await expect
    .poll(async () => (await receiver.requests('e2e')).length, { timeout: 15_000 })
    .toBe(1);

  const log = hooks.getByRole('table', { name: 'Deliveries' });
  await expect(log.getByRole('row').filter({ hasText: 'key.redeemed' })).toContainText('delivered');
  await expectNoSeriousViolations(page);
  await log.getByRole('button', { name: 'Redeliver key.redeemed attempt 1' }).click();
  await expect(log.getByRole('row').filter({ hasText: 'key.redeemed' })).toHaveCount(2);
  await expect
    .poll(async () => (await receiver.requests('e2e')).length, { timeout: 15_000 })
    .toBe(2);
  const [first, again] = await receiver.requests('e2e');
  expect(JSON.parse(again!.body).id).toBe(JSON.parse(first!.body).id);

  // Shown once: after a reload the key is nowhere on the page.
  await page.reload();
  await expect(page.getByRole('list', { name: 'API keys' })).toContainText('Shop bot');
  await expect(page.getByText(key)).toHaveCount(0);
});

test('an owner manages keys and webhooks in the admin panel', async ({ page }) => {
  await openAs(page, ownerToken, '/admin-panel?section=integrations');
  const keys = page.getByRole('region', { name: 'API keys' });
  await keys.getByLabel('Key name').fill('Shop delivery');
  await keys.getByRole('checkbox', { name: /Shop delivery/ }).check();
  await keys.getByLabel('Delivery product').selectOption(CLOTHING_BOT);
  await keys.getByLabel('Delivery plan').selectOption('Basic Plan');
  await keys.getByRole('button', { name: 'Create API key' }).click();
  const key = (await keys.getByRole('status').locator('code').textContent())!;
  const delivered = await api.post(`/api/integrations/deliver/${key}?quantity=2`, {
    headers: { 'content-type': 'application/json', 'idempotency-key': `e2e-${suffix}` },
    data: {},
  });
  expect(delivered.status()).toBe(200);
  expect((await delivered.text()).split('\n')).toHaveLength(2);

  const hooks = page.getByRole('region', { name: 'Webhooks' });
  await hooks.getByLabel('Endpoint URL').fill(receiver.url('admin'));
  await hooks.getByLabel('Kind').selectOption('discord');
  await hooks.getByRole('checkbox', { name: 'ticket.created' }).check();
  await hooks.getByRole('button', { name: 'Add webhook' }).click();
  await expect(hooks.getByRole('list', { name: 'Webhooks' })).toContainText(receiver.url('admin'));
  await keys.getByRole('button', { name: 'Revoke Shop delivery' }).click();
  await expect(keys.getByText('No API keys yet.')).toBeVisible();
  const refused = await api.post(`/api/integrations/deliver/${key}`, { data: {} });
  expect(refused.status()).toBe(401);
  await expectNoSeriousViolations(page);
});
