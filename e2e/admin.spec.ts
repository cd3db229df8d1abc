import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import path from 'node:path';

// The admin panel against the built app (scripts/e2e-server.mjs): an Owner `owner` exists, rate
// limits are off, and every other account is made here through the API.
test.describe.configure({ mode: 'serial' });

const OWNER = { username: 'owner', password: 'e2e-owner-password' };
const PASSWORD = 'e2e-password-123';
const ARTIFACTS = path.join('e2e', 'artifacts');
const suffix = Date.now().toString(36).slice(-6);

interface Account {
  id: string;
  username: string;
  token: string;
}

let api: APIRequestContext;
let ownerToken: string;
let admin: Account;
let support: Account;
let member: Account;
let ticketId: string;
const SECTION_IDS = [
  'overview',
  'users',
  'resellers',
  'tickets',
  'maintenance',
  'settings',
  'audit',
];

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function login(username: string, password = PASSWORD): Promise<string> {
  const res = await api.post('/api/auth/login', { data: { username, password } });
  expect(res.status(), `login ${username}`).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

async function register(prefix: string): Promise<{ id: string; username: string }> {
  const username = `${prefix}_${suffix}`;
  const res = await api.post('/api/register', { data: { username, password: PASSWORD } });
  expect(res.status(), `register ${username}`).toBe(201);
  const body = (await res.json()) as { user: { _id: string } };
  return { id: body.user._id, username };
}

async function account(prefix: string, role?: 'Admin' | 'Support' | 'Reseller'): Promise<Account> {
  const { id, username } = await register(prefix);
  if (role) {
    const res = await api.put(`/api/users/${id}/role`, {
      headers: auth(ownerToken),
      data: { role },
    });
    expect(res.status(), `make ${username} ${role}`).toBe(200);
  }
  return { id, username, token: await login(username) };
}

/** Signs a page in once: later reloads keep whatever token the app itself stored. */
async function signIn(page: Page, token: string): Promise<void> {
  await page.context().addInitScript((t) => {
    if (window.sessionStorage.getItem('e2e-signed-in')) return;
    window.localStorage.setItem('auth_token', t);
    window.sessionStorage.setItem('e2e-signed-in', '1');
  }, token);
}

async function signedInPage(browser: Browser, baseURL: string, token: string | null) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  if (token) await signIn(page, token);
  return page;
}

async function openSection(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name, selected: true })).toBeVisible();
}

async function maintenanceStatus(): Promise<Record<string, boolean>> {
  return (await (await api.get('/api/maintenance/status')).json()) as Record<string, boolean>;
}

async function ownedProducts(token: string) {
  const res = await api.get('/api/users/owns', { headers: auth(token) });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { ownedProducts: { canResetHWID: boolean }[] }).ownedProducts;
}

test.beforeAll(async ({ playwright, baseURL }) => {
  api = await playwright.request.newContext({ baseURL });
  ownerToken = await login(OWNER.username, OWNER.password);
  admin = await account('adm', 'Admin');
  support = await account('sup', 'Support');
  member = await account('mem');

  // The member owns a licence, so the global switches show in GET /api/users/owns.
  const products = (await (await api.get('/api/products')).json()) as {
    _id: string;
    slug: string;
  }[];
  const launcher = products.find((p) => p.slug === 'stellar-launcher');
  const generated = await api.post('/api/keys/generate', {
    headers: auth(ownerToken),
    data: { productId: launcher?._id, plan: 'Basic Plan', quantity: 1 },
  });
  expect(generated.status()).toBe(200);
  const [keyCode] = ((await generated.json()) as { keys: string[] }).keys;
  const redeemed = await api.post('/api/keys/redeem', {
    headers: auth(member.token),
    data: { keyCode },
  });
  expect(redeemed.status()).toBe(200);

  const ticket = await api.post('/api/ticket/tickets', {
    headers: auth(member.token),
    data: { message: `Help with my key ${suffix}`, priority: 'High', reason: 'Bug Report' },
  });
  expect(ticket.status()).toBe(201);
  ticketId = ((await ticket.json()) as { id: string }).id;
  const spare = await api.post('/api/ticket/tickets', {
    headers: auth(member.token),
    data: { message: `Please delete me ${suffix}`, priority: 'Low', reason: 'General Inquiry' },
  });
  expect(spare.status()).toBe(201);
});

test.afterAll(async () => {
  // Leave the shared server as the other specs expect it.
  await api.post('/api/maintenance/disable', {
    headers: auth(ownerToken),
    data: { page: 'contact' },
  });
  await api.put('/api/admin/global-product-settings', {
    headers: auth(ownerToken),
    data: { allowHWIDReset: 'no', allowSettingsAccess: 'no', hwidResetCooldownHours: 24 },
  });
  await api.dispose();
});

test('an Admin searches a user, changes the role and bans them; the user is signed out', async ({
  page,
  browser,
  baseURL,
}) => {
  const target = await account('tgt');
  const targetPage = await signedInPage(browser, baseURL!, target.token);
  await targetPage.goto('/user-dashboard');
  await expect(targetPage.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  await signIn(page, admin.token);
  await page.goto('/admin-panel');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
  await openSection(page, 'Users');
  await page.getByRole('searchbox', { name: 'Search users' }).fill(target.username);
  const card = page.getByRole('listitem').filter({ hasText: target.username });
  await expect(card).toHaveCount(1);
  await expect(page.getByText('1 user', { exact: true })).toBeVisible();

  // An Admin may not hand out Admin or Owner.
  const role = card.getByRole('combobox', { name: `Role of ${target.username}` });
  await expect(role.locator('option')).toHaveText(['Member', 'Support', 'Reseller']);
  await role.selectOption('Reseller');
  await expect(page.getByText(`${target.username} is now Reseller.`)).toBeVisible();
  await expect(role).toHaveValue('Reseller');

  await card.getByRole('button', { name: `Actions for ${target.username}` }).click();
  await page.getByRole('menuitem', { name: 'Ban' }).click();
  const dialog = page.getByRole('dialog', { name: `Ban ${target.username}?` });
  await dialog.getByLabel('Reason (optional)').fill('Chargeback fraud');
  await dialog.getByRole('button', { name: 'Ban' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${target.username} has been banned.`)).toBeVisible();
  await expect(card).toHaveCount(0);

  await page.getByRole('button', { name: 'Banned' }).click();
  await expect(card.getByText('Ban reason: Chargeback fraud')).toBeVisible();

  // The banned user's open page is signed out on its next action.
  await targetPage.reload();
  await expect(targetPage).toHaveURL(/\/login$/);
  await targetPage.context().close();
});

test('an Admin creates an account with a pre-filled 6-character code', async ({ page }) => {
  await signIn(page, admin.token);
  await page.goto('/admin-panel?section=users');
  await page.getByRole('button', { name: 'Create Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Account' });
  const password = dialog.getByRole('textbox', { name: 'Password' });
  await expect(password).toHaveValue(/^[A-Z0-9]{6}$/);
  const code = await password.inputValue();
  const username = `new_${suffix}`;
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(
    dialog.getByText('Account created. The user must choose a new password at first login.'),
  ).toBeVisible();

  const res = await api.post('/api/auth/login', { data: { username, password: code } });
  expect(await res.json()).toMatchObject({ mustChangePassword: true });
});

test('an Admin removes a user after confirming', async ({ page }) => {
  const doomed = await register('rm');
  await signIn(page, admin.token);
  await page.goto('/admin-panel?section=users');
  await page.getByRole('searchbox', { name: 'Search users' }).fill(doomed.username);
  const card = page.getByRole('listitem').filter({ hasText: doomed.username });
  await card.getByRole('button', { name: `Actions for ${doomed.username}` }).click();
  await page.getByRole('menuitem', { name: 'Remove' }).click();
  const dialog = page.getByRole('dialog', { name: `Remove ${doomed.username}?` });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText(`${doomed.username} has been removed.`)).toBeVisible();
  await expect(card).toHaveCount(0);
  expect(
    (
      await api.post('/api/auth/login', { data: { username: doomed.username, password: PASSWORD } })
    ).status(),
  ).not.toBe(200);
});

test('an Admin grants a product to a reseller, credits the balance and revokes the product', async ({
  page,
}) => {
  const reseller = await account('rsl', 'Reseller');
  await signIn(page, admin.token);
  await page.goto('/admin-panel');
  await openSection(page, 'Resellers & Product Access');
  const card = page.getByRole('listitem').filter({
    has: page.getByRole('heading', { level: 3, name: reseller.username }),
  });
  await expect(card).toContainText('Balance $0.00');
  await expect(card).toContainText('No products yet');

  await card.getByLabel('Grant a product').selectOption({ label: 'Stellar Launcher' });
  await card.getByRole('button', { name: 'Grant' }).click();
  const remove = card.getByRole('button', {
    name: `Remove Stellar Launcher from ${reseller.username}`,
  });
  await expect(remove).toBeVisible();

  await card.getByLabel('Amount ($)').fill('25.5');
  await card.getByLabel('Reason').fill('Paid by bank transfer');
  await card.getByRole('button', { name: 'Apply' }).click();
  await expect(card.getByText('New balance: $25.50')).toBeVisible();
  await expect(card).toContainText('Balance $25.50');

  await card.getByLabel('Type').selectOption('debit');
  await card.getByLabel('Amount ($)').fill('0.5');
  await card.getByLabel('Reason').fill('Correction');
  await card.getByRole('button', { name: 'Apply' }).click();
  await expect(card.getByText('New balance: $25.00')).toBeVisible();

  await remove.click();
  await expect(remove).toHaveCount(0);
  const list = (await (
    await api.get('/api/admin/resellers-products', { headers: auth(ownerToken) })
  ).json()) as { username: string; balance: number; products: unknown[] }[];
  expect(list.find((r) => r.username === reseller.username)).toMatchObject({
    balance: 25,
    products: [],
  });
});

test('a page under maintenance sends a guest to /maintenance, and back when switched off', async ({
  page,
  browser,
  baseURL,
}) => {
  await signIn(page, admin.token);
  await page.goto('/admin-panel');
  await openSection(page, 'Maintenance Settings');
  const contact = page.getByRole('switch', { name: /^Contact/ });
  await expect(contact).toHaveAttribute('aria-checked', 'false');
  await contact.click();
  await expect(contact).toHaveAttribute('aria-checked', 'true');
  await expect.poll(async () => (await maintenanceStatus()).contact).toBe(true);

  const guest = await signedInPage(browser, baseURL!, null);
  await guest.goto('/contact');
  await expect(guest).toHaveURL(/\/maintenance$/);

  await contact.click();
  await expect(contact).toHaveAttribute('aria-checked', 'false');
  await expect.poll(async () => (await maintenanceStatus()).contact).toBe(false);
  await guest.goto('/contact');
  await expect(guest).toHaveURL(/\/contact$/);
  await guest.context().close();
});

test('a global setting changes the member dashboard buttons', async ({
  page,
  browser,
  baseURL,
}) => {
  const memberPage = await signedInPage(browser, baseURL!, member.token);
  await memberPage.goto('/user-dashboard');
  await expect(memberPage.getByText('Stellar Launcher').first()).toBeVisible();
  await expect(memberPage.getByRole('button', { name: /Reset HWID/ })).toHaveCount(0);
  expect((await ownedProducts(member.token))[0]?.canResetHWID).toBe(false);

  await signIn(page, admin.token);
  await page.goto('/admin-panel');
  await openSection(page, 'Global Product Settings');
  const cooldown = page.getByLabel('HWID reset cooldown (hours)');
  await expect(cooldown).toHaveValue('24');

  // The server's validation message lands under its field.
  await cooldown.fill('-1');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Must be 0 or more.')).toBeVisible();
  await expect(cooldown).toHaveAttribute('aria-invalid', 'true');

  // Offline tokens of the licence check: at most 30 days, the server says so under the field.
  const offline = page.getByLabel('Offline tokens (days)');
  await expect(offline).toHaveValue('0');
  await cooldown.fill('12');
  await offline.fill('31');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Must be at most 30 days.')).toBeVisible();
  await offline.fill('7');
  const reset = page.getByRole('switch', { name: /^Allow HWID reset/ });
  await reset.click();
  await expect(reset).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Global product settings saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('HWID reset cooldown (hours)')).toHaveValue('12');
  await expect(page.getByLabel('Offline tokens (days)')).toHaveValue('7');

  expect((await ownedProducts(member.token))[0]?.canResetHWID).toBe(true);
  await memberPage.reload();
  await expect(memberPage.getByRole('button', { name: /Reset HWID/ })).toBeVisible();
  await memberPage.context().close();
});

test('an Admin logs in as a member', async ({ page }) => {
  await signIn(page, admin.token);
  await page.goto('/admin-panel?section=users');
  await page.getByRole('searchbox', { name: 'Search users' }).fill(member.username);
  const card = page.getByRole('listitem').filter({ hasText: member.username });
  await card.getByRole('button', { name: `Actions for ${member.username}` }).click();
  await page.getByRole('menuitem', { name: 'Login' }).click();

  await expect(page).toHaveURL(/\/user-dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const stored = await page.evaluate(() => ({
    token: localStorage.getItem('auth_token'),
    admin: localStorage.getItem('stellar_admin_token'),
  }));
  expect(stored.admin).toBe(admin.token);
  const me = await api.get('/api/users/user', { headers: auth(stored.token!) });
  expect(await me.json()).toMatchObject({ username: member.username, impersonatedBy: admin.id });

  const banner = page.getByRole('region', { name: 'Impersonation' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(`Signed in as ${member.username}`);

  await banner.getByRole('button', { name: 'Return to my account' }).click();
  await expect(page).toHaveURL(/\/admin-panel$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
  await expect(page.getByText(`Signed in as ${admin.username}`)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('stellar_admin_token'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBe(admin.token);
  // The borrowed session was ended on the server.
  expect((await api.get('/api/users/user', { headers: auth(stored.token!) })).status()).toBe(401);
});

test('Support sees only the Tickets section, escalates and opens a ticket', async ({ page }) => {
  await signIn(page, support.token);
  await page.goto('/admin-panel');
  await expect(page.getByRole('heading', { level: 2, name: 'Tickets' })).toBeVisible();
  await expect(page.getByRole('tablist')).toHaveCount(0);
  for (const name of ['Overview', 'Users', 'Audit Log', 'Maintenance Settings']) {
    await expect(page.getByRole('heading', { name })).toHaveCount(0);
  }

  const row = page.getByRole('listitem').filter({ hasText: `Help with my key ${suffix}` });
  await row.getByRole('button', { name: /Escalate/ }).click();
  await expect(row.getByText('Escalated', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: /Escalate/ })).toHaveCount(0);

  const spare = page.getByRole('listitem').filter({ hasText: `Please delete me ${suffix}` });
  await spare.getByRole('button', { name: /Delete/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete ticket' });
  await expect(confirm).toContainText('Are you sure you want to delete this ticket?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(spare).toHaveCount(0);

  await page.getByLabel('Escalation').selectOption('yes');
  await expect(row).toHaveCount(1);
  await page.getByLabel('Priority').selectOption('Low');
  await expect(page.getByText('No tickets match these filters.')).toBeVisible();
  await page.getByLabel('Priority').selectOption('all');

  await row.getByRole('link', { name: /Bug Report from/ }).click();
  await expect(page).toHaveURL(new RegExp(`/ticket/${ticketId}$`));
});

test('the panel has no serious or critical accessibility violations', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, admin.token);
  await page.goto('/admin-panel');
  const sections = [
    'Overview',
    'Users',
    'Resellers & Product Access',
    'Tickets',
    'Maintenance Settings',
    'Global Product Settings',
    'Audit Log',
  ];
  const blocking: { section: string; id: string; targets: string[] }[] = [];
  for (const section of sections) {
    await openSection(page, section);
    await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
    await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
      .analyze();
    for (const violation of results.violations) {
      if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
      blocking.push({
        section,
        id: violation.id,
        targets: violation.nodes.map((node) => node.target.join(' ')),
      });
    }
  }
  expect(blocking).toEqual([]);
});

test('every section fits 1280 and 390 pixels; screenshots of the panel', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, admin.token);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
    for (const section of SECTION_IDS) {
      await page.goto(`/admin-panel?section=${section}`);
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
      await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `no sideways scrolling at ${width}px (${section})`).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: path.join(ARTIFACTS, `admin-panel-${width}-${section}.png`),
        fullPage: true,
      });
    }
  }
});
