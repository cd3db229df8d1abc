import {
  TOKEN_STORAGE_KEY,
  type ChatMessage,
  type CurrentUser,
  type Role,
  type Ticket,
} from '@stellar/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockApi, type Handler } from '@/test/api-mock';
import { landing, renderRoutes } from '@/test/render-routes';
import { TicketRoute } from './ticket';

const TICKET_ID = '11111111-2222-3333-4444-555555555555';

const ticket = (overrides: Partial<Ticket> = {}): Ticket => ({
  _id: TICKET_ID,
  username: 'alice',
  userId: 'u-alice',
  transactionId: 'tx-42',
  message: 'My key does not work',
  priority: 'High',
  reason: 'Bug Report',
  escalated: false,
  status: 'open',
  createdAt: '2025-03-04T05:06:07.000Z',
  updatedAt: '2025-03-04T05:06:07.000Z',
  lastMessageAt: null,
  unread: 0,
  ...overrides,
});

const user = (role: Role, username = role === 'Member' ? 'alice' : 'staffer'): CurrentUser => ({
  _id: role === 'Member' ? 'u-alice' : 'u-staff',
  username,
  role,
  twoFactorEnabled: false,
  balance: 0,
  mustChangePassword: false,
  impersonatedBy: null,
  createdAt: '2025-01-01T00:00:00.000Z',
});

const chat = (overrides: Partial<ChatMessage>): ChatMessage => ({
  _id: 'm1',
  sender: 'alice',
  role: 'Username',
  message: 'Hello?',
  timestamp: '2025-03-04T05:07:00.000Z',
  ...overrides,
});

/** A stand-in for the browser's WebSocket: the test plays the server. */
class FakeWebSocket {
  static instances: FakeWebSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  serve(frame: unknown) {
    act(() => this.onmessage?.({ data: JSON.stringify(frame) }));
  }
}

function renderTicket(role: Role, handlers: Record<string, Handler> = {}) {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
  const fetchMock = mockApi({
    'GET /users/user': () => Response.json(user(role)),
    [`GET /ticket/tickets/${TICKET_ID}`]: () => Response.json(ticket()),
    [`GET /tickets/${TICKET_ID}/chats`]: () => Response.json([chat({})]),
    [`POST /tickets/${TICKET_ID}/read`]: () =>
      Response.json({ ticketId: TICKET_ID, lastReadAt: new Date().toISOString() }),
    ...handlers,
  });
  const view = renderRoutes(
    [{ path: '/ticket/:ticketId', Component: TicketRoute }, landing('/user-dashboard')],
    [`/ticket/${TICKET_ID}`],
  );
  return { fetchMock, ...view };
}

beforeEach(() => {
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('TicketRoute', () => {
  it('shows the ticket information and its thread', async () => {
    renderTicket('Member');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bug Report' })).toBeVisible();
    const info = screen.getByRole('complementary', { name: 'Ticket information' });
    expect(within(info).getByText('My key does not work')).toBeVisible();
    expect(within(info).getByText('tx-42')).toBeVisible();
    expect(within(info).getByText('High priority')).toBeVisible();
    expect(within(info).getByText('Open')).toBeVisible();
    const log = await screen.findByRole('log', { name: 'Messages' });
    expect(within(log).getByText('Hello?')).toBeVisible();
  });

  it('renders messages as plain text', async () => {
    renderTicket('Member', {
      [`GET /tickets/${TICKET_ID}/chats`]: () =>
        Response.json([chat({ message: '<img src=x onerror=alert(1)><b>bold</b>' })]),
    });
    const log = await screen.findByRole('log', { name: 'Messages' });
    expect(await within(log).findByText('<img src=x onerror=alert(1)><b>bold</b>')).toBeVisible();
    expect(log.querySelector('img, b')).toBeNull();
  });

  it('gives a member no send-as selector and no Escalate button', async () => {
    renderTicket('Member');
    await screen.findByRole('log', { name: 'Messages' });
    expect(screen.queryByLabelText('Send as')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Escalate' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Close Ticket' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Delete Ticket' })).toBeVisible();
  });

  it('lets staff send as Support by default, and escalate', async () => {
    const { fetchMock } = renderTicket('Support', {
      [`POST /tickets/${TICKET_ID}/chats`]: ({ body }) =>
        Response.json(
          chat({ _id: 'm2', sender: 'Support', role: 'Support', ...(body as object) }),
          {
            status: 201,
          },
        ),
      [`POST /ticket/tickets/${TICKET_ID}/escalate`]: () =>
        Response.json({ message: 'Ticket escalated', ticket: ticket({ escalated: true }) }),
    });
    const sendAs = await screen.findByLabelText('Send as');
    expect(sendAs).toHaveValue('Support');
    expect(
      within(sendAs)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Username', 'Support']);

    await userEvent.type(screen.getByLabelText('Message'), 'We are on it');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('We are on it')).toBeVisible();
    expect(callsTo(fetchMock, `POST /tickets/${TICKET_ID}/chats`)[0]?.[1]?.body).toBe(
      JSON.stringify({ sender: 'Support', role: 'Support', message: 'We are on it' }),
    );
    expect(screen.getByLabelText('Message')).toHaveValue('');

    await userEvent.click(screen.getByRole('button', { name: 'Escalate' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Escalate' })).toBeNull());
    expect(screen.getAllByText('Escalated')[0]).toBeVisible();
  });

  it('never sends an empty or whitespace-only message', async () => {
    const { fetchMock } = renderTicket('Member');
    await screen.findByRole('log', { name: 'Messages' });
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await userEvent.type(screen.getByLabelText('Message'), '   {Enter}');
    expect(callsTo(fetchMock, `POST /tickets/${TICKET_ID}/chats`)).toHaveLength(0);
  });

  it('says "Failed to send message." when sending fails', async () => {
    renderTicket('Member', {
      [`POST /tickets/${TICKET_ID}/chats`]: () =>
        Response.json({ message: 'Nope' }, { status: 500 }),
    });
    await userEvent.type(await screen.findByLabelText('Message'), 'Anyone?{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send message.');
    expect(screen.getByLabelText('Message')).toHaveValue('Anyone?');
  });

  it('shows the real author beside Support messages to Admins', async () => {
    renderTicket('Admin', {
      [`GET /tickets/${TICKET_ID}/chats`]: () =>
        Response.json([chat({ sender: 'Support', role: 'Support', author: 'sam' })]),
    });
    expect(await screen.findByText('(sam)')).toBeVisible();
  });

  it('shows new messages and changes that arrive live', async () => {
    renderTicket('Member');
    await screen.findByRole('log', { name: 'Messages' });
    const socket = FakeWebSocket.instances.at(-1)!;
    expect(socket.url).toMatch(/\/api\/ws\?token=tok$/);
    socket.readyState = 1;
    socket.serve({ type: 'ready', user: { _id: 'u-alice', username: 'alice', role: 'Member' } });
    expect(socket.sent).toContainEqual({ type: 'subscribe', ticketId: TICKET_ID });

    socket.serve({
      type: 'message',
      ticketId: TICKET_ID,
      message: chat({ _id: 'm9', sender: 'Support', role: 'Support', message: 'Fixed it' }),
    });
    expect(await screen.findByText('Fixed it')).toBeVisible();

    socket.serve({ type: 'ticket', ticketId: TICKET_ID, ticket: ticket({ status: 'closed' }) });
    expect(await screen.findByRole('button', { name: 'Reopen Ticket' })).toBeVisible();

    socket.serve({ type: 'ticket-deleted', ticketId: TICKET_ID });
    expect(await screen.findByText('Ticket not found.')).toBeVisible();
  });

  it('deletes after the confirmation and goes back to the dashboard', async () => {
    const confirm = vi
      .spyOn(window, 'confirm')
      .mockReturnValueOnce(false)
      .mockReturnValueOnce(true);
    const { fetchMock } = renderTicket('Member', {
      [`DELETE /ticket/tickets/${TICKET_ID}`]: () => Response.json({ message: 'Ticket deleted' }),
    });
    const button = await screen.findByRole('button', { name: 'Delete Ticket' });
    await userEvent.click(button);
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this ticket?');
    expect(callsTo(fetchMock, `DELETE /ticket/tickets/${TICKET_ID}`)).toHaveLength(0);
    await userEvent.click(button);
    expect(await screen.findByText('landed on /user-dashboard')).toBeVisible();
  });

  it('says "Ticket not found." for a missing ticket', async () => {
    renderTicket('Member', {
      [`GET /ticket/tickets/${TICKET_ID}`]: () =>
        Response.json({ message: 'Ticket not found.' }, { status: 404 }),
    });
    expect(await screen.findByText('Ticket not found.')).toBeVisible();
  });

  it('says "Failed to load ticket details." when loading fails', async () => {
    renderTicket('Member', {
      [`GET /ticket/tickets/${TICKET_ID}`]: () => Response.json({ message: 'x' }, { status: 500 }),
    });
    expect(await screen.findByText('Failed to load ticket details.')).toBeVisible();
  });
});
