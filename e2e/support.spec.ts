import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
  type TestInfo,
} from '@playwright/test';
import path from 'node:path';
import { apiLogin, bearer, OWNER, TOKEN_STORAGE_KEY, type Account } from './support/accounts';
import { expectNoSeriousViolations } from './support/axe';

// The support desk, live: two browsers on one ticket, the /chat messenger, the contact form and
// deleting from the ticket page. Accounts are made here through the API (not the shared accounts
// file), so this spec stands alone.

const LIVE = { timeout: 2000 };
// Two browsers, live round trips and axe scans on a shared two-core machine.
test.describe.configure({ timeout: 120_000 });
const PASSWORD = 'support-e2e-password';
const runId = Date.now().toString(36).slice(-5);
let counter = 0;

interface TestAccount extends Account {
  id: string;
  token: string;
}

/** Registers an account (made Support by the owner when asked) and signs it in through the API. */
async function createAccount(
  request: APIRequestContext,
  name: string,
  role?: 'Support',
): Promise<TestAccount> {
  const account = { username: `${name}-${runId}-${++counter}`, password: PASSWORD };
  const registered = await request.post('/api/register', { data: account });
  expect(registered.status(), await registered.text()).toBe(201);
  const { user } = (await registered.json()) as { user: { _id: string } };
  if (role) {
    const ownerToken = await apiLogin(request, OWNER);
    const changed = await request.put(`/api/users/${user._id}/role`, {
      headers: bearer(ownerToken),
      data: { role },
    });
    expect(changed.ok(), await changed.text()).toBe(true);
  }
  return { ...account, id: user._id, token: await apiLogin(request, account) };
}

async function openTicket(request: APIRequestContext, owner: TestAccount, message: string) {
  const response = await request.post('/api/ticket/tickets', {
    headers: bearer(owner.token),
    data: { message, priority: 'Medium', reason: 'Bug Report', transactionId: 'TX-1001' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** A browser context signed in as `account` (the token stored before any page script runs). */
async function pageFor(browser: Browser, account: TestAccount): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript(([key, token]) => window.localStorage.setItem(key, token), [
    TOKEN_STORAGE_KEY,
    account.token,
  ] as const);
  return context.newPage();
}

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  const file = path.join(testInfo.project.outputDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

async function send(page: Page, text: string) {
  await page.getByLabel('Message', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}

test('a member and Support exchange messages live on one ticket', async ({
  browser,
  request,
}, testInfo) => {
  const member = await createAccount(request, 'member');
  const support = await createAccount(request, 'support', 'Support');
  const ticketId = await openTicket(request, member, 'The launcher closes on start.');

  const memberPage = await pageFor(browser, member);
  const supportPage = await pageFor(browser, support);
  for (const page of [memberPage, supportPage]) {
    await page.goto(`/ticket/${ticketId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Bug Report' })).toBeVisible();
    await expect(page.getByText('The launcher closes on start.')).toBeVisible();
    // Subscribed: what is sent from now on must arrive by itself.
    await expect(page.getByText('Live', { exact: true })).toBeVisible();
  }

  // Members send as themselves; staff choose, and Support is the default.
  await expect(memberPage.getByLabel('Send as')).toHaveCount(0);
  await expect(supportPage.getByLabel('Send as')).toHaveValue('Support');
  await expect(memberPage.getByRole('button', { name: 'Escalate' })).toHaveCount(0);

  await send(memberPage, 'Hello, it still crashes.');
  await expect(supportPage.getByText('Hello, it still crashes.')).toBeVisible(LIVE);

  await send(supportPage, 'Thanks, we are looking into it.');
  const reply = memberPage.getByTestId('chat-message').filter({ hasText: 'we are looking' });
  await expect(reply).toBeVisible(LIVE);
  await expect(reply).toContainText('Support');
  await expect(memberPage.getByLabel('Message', { exact: true })).toHaveValue('');

  await supportPage.getByLabel('Send as').selectOption('Username');
  await send(supportPage, 'Personally checking now.');
  await expect(
    memberPage.getByTestId('chat-message').filter({ hasText: 'Personally checking now.' }),
  ).toContainText(support.username, LIVE);

  // Escalation is one way and shows on the member's page without a reload.
  await supportPage.getByRole('button', { name: 'Escalate' }).click();
  await expect(supportPage.getByRole('button', { name: 'Escalate' })).toHaveCount(0);
  await expect(memberPage.getByText('Escalated')).toBeVisible(LIVE);

  // An empty message is not sent.
  await memberPage.getByLabel('Message', { exact: true }).fill('   ');
  await memberPage.getByRole('button', { name: 'Send' }).click();
  await expect(memberPage.getByTestId('chat-message')).toHaveCount(3);

  // Closing shows live, and the member's reply reopens it.
  await supportPage.getByRole('button', { name: 'Close Ticket' }).click();
  await expect(memberPage.getByRole('button', { name: 'Reopen Ticket' })).toBeVisible(LIVE);
  await send(memberPage, 'One more thing.');
  await expect(supportPage.getByRole('button', { name: 'Close Ticket' })).toBeVisible(LIVE);

  await expectNoSeriousViolations(memberPage);
  await expectNoSeriousViolations(supportPage);
  await supportPage.setViewportSize({ width: 1280, height: 900 });
  await screenshot(supportPage, testInfo, 'ticket-1280');
  await supportPage.setViewportSize({ width: 390, height: 844 });
  await expect(supportPage.getByRole('button', { name: 'Send' })).toBeVisible();
  await expectNoSeriousViolations(supportPage);
  await screenshot(supportPage, testInfo, 'ticket-390');

  await memberPage.context().close();
  await supportPage.context().close();
});

test('/chat: new conversations, the staff queue, live threads and unread markers', async ({
  browser,
  request,
}, testInfo) => {
  const member = await createAccount(request, 'chatter');
  const support = await createAccount(request, 'agent', 'Support');
  const olderTicket = await openTicket(request, member, 'My licence key was not accepted.');

  const memberPage = await pageFor(browser, member);
  const supportPage = await pageFor(browser, support);
  await memberPage.goto('/chat');
  await supportPage.goto('/chat');
  await expect(memberPage.getByRole('heading', { level: 1, name: 'Support Chat' })).toBeVisible();
  await expect(memberPage.getByText('Live', { exact: true })).toBeVisible();
  await expect(supportPage.getByText('Live', { exact: true })).toBeVisible();
  const queue = supportPage.getByRole('list', { name: 'Open tickets' });
  await expect(queue.getByRole('link', { name: new RegExp(member.username) })).toHaveCount(1);

  // A new conversation opens a ticket and selects it; the queue shows it without a reload.
  await memberPage.getByRole('button', { name: 'New conversation' }).first().click();
  const dialog = memberPage.getByRole('dialog', { name: 'New conversation' });
  await dialog.getByLabel('Message').fill('How do I move my licence to a new PC?');
  await dialog.getByLabel('Reason').selectOption('General Inquiry');
  await dialog.getByLabel('Priority').selectOption('High');
  await dialog.getByRole('button', { name: 'Start conversation' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    memberPage.getByRole('heading', { level: 2, name: 'General Inquiry' }),
  ).toBeFocused();
  await expect(queue.getByRole('link', { name: new RegExp(member.username) })).toHaveCount(2, LIVE);

  // Staff filter the queue by escalation; an escalation elsewhere shows up in the filter live.
  const memberTickets = queue.getByRole('link', { name: new RegExp(member.username) });
  await supportPage.getByLabel('Show').selectOption('escalated');
  await expect(supportPage).toHaveURL(/filter=escalated/);
  await expect(memberTickets).toHaveCount(0);
  const escalated = await request.post(`/api/ticket/tickets/${olderTicket}/escalate`, {
    headers: bearer(support.token),
  });
  expect(escalated.ok()).toBe(true);
  await expect(memberTickets).toHaveCount(1, LIVE);
  await expect(memberTickets).toContainText('Escalated');
  await supportPage.getByLabel('Show').selectOption('all');
  await expect(memberTickets).toHaveCount(2);

  // Support answers the new conversation: it appears in the member's open thread.
  // The queue holds every user's open tickets: pick this member's new one.
  await memberTickets.filter({ hasText: 'General Inquiry' }).click();
  await expect(supportPage.getByText('Live', { exact: true }).first()).toBeVisible();
  await send(supportPage, 'Reset the HWID from your dashboard.');
  await expect(memberPage.getByText('Reset the HWID from your dashboard.')).toBeVisible(LIVE);

  // A reply on the other ticket marks it unread in the member's list, live.
  const supportApi = bearer(support.token);
  const posted = await request.post(`/api/tickets/${olderTicket}/chats`, {
    headers: supportApi,
    data: { role: 'Support', sender: 'Support', message: 'Which key did you use?' },
  });
  expect(posted.status()).toBe(201);
  const olderItem = memberPage
    .getByRole('list', { name: 'Your conversations' })
    .getByRole('link', { name: /Bug Report/ });
  await expect(olderItem).toContainText('1 unread', LIVE);

  await expectNoSeriousViolations(memberPage);
  await expectNoSeriousViolations(supportPage);
  await memberPage.setViewportSize({ width: 1280, height: 800 });
  await screenshot(memberPage, testInfo, 'chat-1280');

  // Opening it marks it read.
  await olderItem.click();
  await expect(memberPage.getByText('Which key did you use?')).toBeVisible();
  await expect(olderItem).not.toContainText('unread');
  const tickets = await request.get('/api/ticket/tickets', { headers: bearer(member.token) });
  const unread = ((await tickets.json()) as Array<{ _id: string; unread: number }>).find(
    (ticket) => ticket._id === olderTicket,
  )?.unread;
  expect(unread).toBe(0);

  // Phones: the list and the thread are two screens with a back button.
  await memberPage.setViewportSize({ width: 390, height: 844 });
  await expect(memberPage.getByRole('list', { name: 'Your conversations' })).toBeHidden();
  await expectNoSeriousViolations(memberPage);
  await screenshot(memberPage, testInfo, 'chat-thread-390');
  await memberPage.getByRole('link', { name: 'Back to conversations' }).click();
  await expect(memberPage.getByRole('list', { name: 'Your conversations' })).toBeVisible();
  await expect(memberPage.getByRole('heading', { level: 1, name: 'Support Chat' })).toBeFocused();
  await expectNoSeriousViolations(memberPage);
  await screenshot(memberPage, testInfo, 'chat-390');

  await memberPage.context().close();
  await supportPage.context().close();
});

test('an empty /chat invites the member to start a conversation', async ({ browser, request }) => {
  const member = await createAccount(request, 'quiet');
  const page = await pageFor(browser, member);
  await page.goto('/chat');
  await expect(
    page.getByText('No conversations yet. Start one and our team will answer here.'),
  ).toBeVisible();
  await page.context().close();
});

test('the contact form opens a ticket and lands on it', async ({ browser, request }) => {
  const member = await createAccount(request, 'contact');
  const page = await pageFor(browser, member);
  await page.goto('/contact');
  await expect(page.getByText(`Opening as ${member.username}`)).toBeVisible();
  await page.getByLabel('Transaction ID (optional, if applicable)').fill('TX-CONTACT-9');
  await page.getByLabel('Priority').selectOption('High');
  await page.getByLabel('Reason').selectOption('Billing Issue');
  await page.getByLabel('Message').fill('I was charged twice for the monthly plan.');
  await page.getByRole('button', { name: 'Submit Ticket' }).click();

  await expect(page).toHaveURL(/\/ticket\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Billing Issue' })).toBeVisible();
  await expect(page.getByText('I was charged twice for the monthly plan.')).toBeVisible();
  await expect(page.getByText('TX-CONTACT-9')).toBeVisible();
  await expect(page.getByText('High priority')).toBeVisible();
  await page.context().close();
});

test('deleting from the ticket page asks first, then goes back to the dashboard', async ({
  browser,
  request,
}) => {
  const member = await createAccount(request, 'deleter');
  const ticketId = await openTicket(request, member, 'Please delete me.');
  const page = await pageFor(browser, member);
  await page.goto(`/ticket/${ticketId}`);
  await expect(page.getByText('Please delete me.')).toBeVisible();

  page.once('dialog', (dialog) => void dialog.dismiss());
  await page.getByRole('button', { name: 'Delete Ticket' }).click();
  await expect(page).toHaveURL(new RegExp(`/ticket/${ticketId}$`));

  let question = '';
  page.once('dialog', (dialog) => {
    question = dialog.message();
    void dialog.accept();
  });
  await page.getByRole('button', { name: 'Delete Ticket' }).click();
  await expect(page).toHaveURL(/\/user-dashboard$/);
  expect(question).toBe('Are you sure you want to delete this ticket?');
  const gone = await request.get(`/api/ticket/tickets/${ticketId}`, {
    headers: bearer(member.token),
  });
  expect(gone.status()).toBe(404);

  await page.goto(`/ticket/${ticketId}`);
  await expect(page.getByText('Ticket not found.')).toBeVisible();
  await page.context().close();
});

test('a ticket deleted elsewhere shows "Ticket not found." live', async ({ browser, request }) => {
  const member = await createAccount(request, 'watcher');
  const ticketId = await openTicket(request, member, 'Watch me go.');
  const page = await pageFor(browser, member);
  await page.goto(`/ticket/${ticketId}`);
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  const removed = await request.delete(`/api/ticket/tickets/${ticketId}`, {
    headers: bearer(member.token),
  });
  expect(removed.ok()).toBe(true);
  await expect(page.getByText('Ticket not found.')).toBeVisible(LIVE);
  await page.context().close();
});
