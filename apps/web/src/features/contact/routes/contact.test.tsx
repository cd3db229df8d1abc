import { TOKEN_STORAGE_KEY, type CurrentUser } from '@stellar/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockApi, type Handler } from '@/test/api-mock';
import { landing, renderRoutes } from '@/test/render-routes';
import { ContactRoute } from './contact';

afterEach(() => vi.unstubAllGlobals());

const alice: CurrentUser = {
  _id: 'user-1',
  username: 'alice',
  role: 'Member',
  twoFactorEnabled: false,
  balance: 0,
  mustChangePassword: false,
  impersonatedBy: null,
  createdAt: '2025-01-01T00:00:00.000Z',
};

function renderContact(handlers: Record<string, Handler>) {
  const fetchMock = mockApi(handlers);
  const view = renderRoutes(
    [{ path: '/contact', Component: ContactRoute }, landing('/ticket/:id', 'ticket page')],
    ['/contact'],
  );
  return { fetchMock, ...view };
}

describe('Contact Support', () => {
  it('asks a guest to log in instead of showing the form', () => {
    renderContact({});
    expect(screen.getByRole('heading', { name: 'Log in to contact support' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Submit Ticket' })).not.toBeInTheDocument();
  });

  it('has the spec fields and defaults, and opens the new ticket', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    const { fetchMock, router } = renderContact({
      'GET /users/user': () => Response.json(alice),
      // The server's real answer: the new id and the ticket as stored.
      'POST /ticket/tickets': ({ body }) =>
        Response.json(
          {
            id: 'ticket-42',
            ticket: {
              ...(body as object),
              _id: 'ticket-42',
              escalated: false,
              status: 'open',
              createdAt: '2025-03-01T10:00:00.000Z',
              updatedAt: '2025-03-01T10:00:00.000Z',
              lastMessageAt: null,
            },
          },
          { status: 201 },
        ),
    });
    const ui = userEvent.setup();

    expect(screen.getByLabelText('Transaction ID (optional, if applicable)')).toHaveValue('');
    expect(screen.getByLabelText('Priority')).toHaveValue('Low');
    expect(screen.getByLabelText('Reason')).toHaveValue('General Inquiry');
    expect(
      Array.from((screen.getByLabelText('Priority') as HTMLSelectElement).options, (o) => o.value),
    ).toEqual(['Low', 'Medium', 'High']);
    expect(
      Array.from((screen.getByLabelText('Reason') as HTMLSelectElement).options, (o) => o.value),
    ).toEqual(['General Inquiry', 'Bug Report', 'Feature Request', 'Billing Issue']);

    expect(await screen.findByText('alice')).toBeInTheDocument();
    await ui.type(screen.getByLabelText('Message'), 'My key does not work');
    await ui.selectOptions(screen.getByLabelText('Priority'), 'High');
    await ui.selectOptions(screen.getByLabelText('Reason'), 'Billing Issue');
    await ui.type(screen.getByLabelText('Transaction ID (optional, if applicable)'), 'tx-9');
    await ui.click(screen.getByRole('button', { name: 'Submit Ticket' }));

    expect(await screen.findByText('ticket page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/ticket/ticket-42');
    const [call] = callsTo(fetchMock, 'POST /ticket/tickets');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      username: 'alice',
      userId: 'user-1',
      transactionId: 'tx-9',
      message: 'My key does not work',
      priority: 'High',
      reason: 'Billing Issue',
    });
  });

  it('refuses to submit before the user is loaded', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    const { fetchMock } = renderContact({
      'GET /users/user': () => new Promise<Response>(() => {}),
    });
    expect(screen.getByText('Loading your account...')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit Ticket' }));
    expect(
      await screen.findByText('User data is not loaded yet. Please try again later.'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /ticket/tickets')).toHaveLength(0);
  });

  it('shows the server message, else "Error submitting ticket"', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    renderContact({
      'GET /users/user': () => Response.json(alice),
      'POST /ticket/tickets': () => Response.json({ message: 'Slow down' }, { status: 429 }),
    });
    const ui = userEvent.setup();
    await screen.findByText('alice');
    await ui.click(screen.getByRole('button', { name: 'Submit Ticket' }));
    expect(await screen.findByText('Slow down')).toBeInTheDocument();

    mockApi({
      'GET /users/user': () => Response.json(alice),
      'POST /ticket/tickets': () => new Response('', { status: 500 }),
    });
    await ui.click(screen.getByRole('button', { name: 'Submit Ticket' }));
    expect(await screen.findByText('Error submitting ticket')).toBeInTheDocument();
  });
});
