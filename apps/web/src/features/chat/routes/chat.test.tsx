import { TOKEN_STORAGE_KEY, type CurrentUser, type Role, type Ticket } from '@stellar/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockApi, type Handler } from '@/test/api-mock';
import { renderRoutes } from '@/test/render-routes';
import { ChatRoute } from './chat';

const ticket = (id: string, overrides: Partial<Ticket> = {}): Ticket => ({
  _id: `${id}0000000-0000-0000-0000-000000000000`.slice(0, 36),
  username: 'alice',
  userId: 'u-alice',
  transactionId: '',
  message: `Message of ${id}`,
  priority: 'Low',
  reason: 'General Inquiry',
  escalated: false,
  status: 'open',
  createdAt: '2025-03-04T05:06:07.000Z',
  updatedAt: '2025-03-04T05:06:07.000Z',
  lastMessageAt: null,
  unread: 0,
  ...overrides,
});

const user = (role: Role): CurrentUser => ({
  _id: role === 'Member' ? 'u-alice' : 'u-staff',
  username: role === 'Member' ? 'alice' : 'staffer',
  role,
  twoFactorEnabled: false,
  balance: 0,
  mustChangePassword: false,
  impersonatedBy: null,
  createdAt: '2025-01-01T00:00:00.000Z',
});

class QuietWebSocket {
  readyState = 0;
  onopen = null;
  onmessage = null;
  onclose = null;
  onerror = null;
  send() {}
  close() {}
}

function renderChat(role: Role, handlers: Record<string, Handler>, path = '/chat') {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
  const fetchMock = mockApi({ 'GET /users/user': () => Response.json(user(role)), ...handlers });
  return { fetchMock, ...renderRoutes([{ path: '/chat', Component: ChatRoute }], [path]) };
}

beforeEach(() => vi.stubGlobal('WebSocket', QuietWebSocket));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ChatRoute', () => {
  it('invites a member without tickets to start a conversation', async () => {
    renderChat('Member', { 'GET /ticket/tickets': () => Response.json([]) });
    expect(
      await screen.findByText('No conversations yet. Start one and our team will answer here.'),
    ).toBeVisible();
  });

  it('lists conversations with unread markers and opens one', async () => {
    const a = ticket('a', { unread: 2, reason: 'Billing Issue' });
    const b = ticket('b');
    renderChat('Member', {
      'GET /ticket/tickets': () => Response.json([a, b]),
      [`GET /ticket/tickets/${a._id}`]: () => Response.json(a),
      [`GET /tickets/${a._id}/chats`]: () => Response.json([]),
      [`POST /tickets/${a._id}/read`]: () =>
        Response.json({ ticketId: a._id, lastReadAt: new Date().toISOString() }),
    });
    const list = await screen.findByRole('list', { name: 'Your conversations' });
    expect(within(list).getByText('2 unread')).toBeVisible();

    await userEvent.click(within(list).getByRole('link', { name: /Billing Issue/ }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Billing Issue' });
    expect(heading).toHaveFocus();
    expect(await screen.findByRole('log', { name: 'Messages' })).toBeInTheDocument();
    expect(within(list).queryByText('2 unread')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to conversations' })).toBeInTheDocument();
  });

  it('opens a ticket from "New conversation" and selects it', async () => {
    const created = ticket('c', { message: 'Need help', reason: 'Feature Request' });
    const { fetchMock } = renderChat('Member', {
      'GET /ticket/tickets': () => Response.json([]),
      'POST /ticket/tickets': () =>
        Response.json({ id: created._id, ticket: created }, { status: 201 }),
      [`GET /tickets/${created._id}/chats`]: () => Response.json([]),
      [`POST /tickets/${created._id}/read`]: () =>
        Response.json({ ticketId: created._id, lastReadAt: new Date().toISOString() }),
    });
    await screen.findByText(/No conversations yet/);
    await userEvent.click(screen.getAllByRole('button', { name: 'New conversation' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New conversation' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start conversation' }));
    expect(await within(dialog).findByText('Message is required')).toBeVisible();

    await userEvent.type(within(dialog).getByLabelText('Message'), 'Need help');
    await userEvent.selectOptions(within(dialog).getByLabelText('Reason'), 'Feature Request');
    await userEvent.selectOptions(within(dialog).getByLabelText('Priority'), 'High');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start conversation' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Feature Request' })).toBeVisible();
    expect(callsTo(fetchMock, 'POST /ticket/tickets')[0]?.[1]?.body).toBe(
      JSON.stringify({
        username: 'alice',
        userId: 'u-alice',
        message: 'Need help',
        reason: 'Feature Request',
        priority: 'High',
      }),
    );
  });

  it('shows staff the queue of open tickets, filtered by escalation', async () => {
    const { fetchMock } = renderChat('Support', {
      'GET /ticket/tickets': ({ url }) =>
        Response.json(
          url.searchParams.get('escalated') === 'true'
            ? [ticket('e', { escalated: true, username: 'bob' })]
            : [ticket('a'), ticket('e', { escalated: true, username: 'bob' })],
        ),
    });
    const list = await screen.findByRole('list', { name: 'Open tickets' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(callsTo(fetchMock, 'GET /ticket/tickets')[0]?.[0]).toContain('status=open');

    await userEvent.selectOptions(screen.getByLabelText('Show'), 'Escalated');
    await vi.waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Open tickets' })).getAllByRole('listitem'),
      ).toHaveLength(1),
    );
    expect(screen.getByRole('link', { name: 'My tickets' })).toBeVisible();
  });
});
