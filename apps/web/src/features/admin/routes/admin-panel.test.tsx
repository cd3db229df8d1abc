import { TOKEN_STORAGE_KEY, type CurrentUser, type Ticket } from '@stellar/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUser, fetchRoutes, renderWithProviders } from '../test/render';
import { AdminPanelRoute } from './admin-panel';

const fetchMock = vi.fn<typeof fetch>();

const ticket: Ticket = {
  _id: 't1',
  username: 'alice',
  userId: 'u1',
  transactionId: '',
  message: 'My key does not work',
  priority: 'High',
  reason: 'Bug Report',
  escalated: false,
  status: 'open',
  createdAt: '2025-03-01T10:00:00.000Z',
  updatedAt: '2025-03-01T10:00:00.000Z',
  lastMessageAt: null,
};

function serve(user: CurrentUser) {
  let tickets = [ticket];
  fetchMock.mockImplementation(
    fetchRoutes({
      'GET /users/user': () => Response.json(user),
      'GET /ticket/tickets': () => Response.json(tickets),
      'GET /admin/overview': () =>
        Response.json({
          days: [
            { date: '2025-03-01', keysGenerated: 4, keysRedeemed: 1, revenue: 28 },
            { date: '2025-03-02', keysGenerated: 0, keysRedeemed: 2, revenue: 0 },
          ],
          totals: {
            users: 12,
            activeLicences: 3,
            openTickets: 1,
            escalatedTickets: 0,
            licencesCheckedLast24h: 2,
            revenueLast30d: 28,
          },
        }),
      'POST /ticket/tickets/t1/escalate': () => {
        tickets = [{ ...ticket, escalated: true }];
        return Response.json({ message: 'Ticket escalated', ticket: tickets[0] });
      },
    }),
  );
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('/admin-panel', () => {
  it('shows Support the Tickets section only', async () => {
    serve(currentUser('Support'));
    renderWithProviders(<AdminPanelRoute />);

    expect(await screen.findByRole('heading', { level: 2, name: 'Tickets' })).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    for (const name of ['Overview', 'Users', 'Audit Log', 'Maintenance Settings']) {
      expect(screen.queryByRole('heading', { name })).not.toBeInTheDocument();
    }
    const link = await screen.findByRole('link', { name: /Bug Report from alice/ });
    expect(link).toHaveAttribute('href', '/ticket/t1');
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls.some((url) => url.includes('/admin/'))).toBe(false);
  });

  it('escalates a ticket and hides Escalate once escalated', async () => {
    serve(currentUser('Support'));
    renderWithProviders(<AdminPanelRoute />);
    await userEvent.click(await screen.findByRole('button', { name: /Escalate/ }));
    const item = screen.getByRole('listitem');
    expect(await within(item).findByText('Escalated')).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: /Escalate/ })).not.toBeInTheDocument();
    expect(within(item).getByRole('button', { name: /Delete/ })).toBeInTheDocument();
  });

  it('gives an Admin every section as tabs, the overview first', async () => {
    serve(currentUser('Admin'));
    renderWithProviders(<AdminPanelRoute />);

    const tablist = await screen.findByRole('tablist', { name: 'Admin sections' });
    expect(
      within(tablist)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual([
      'Overview',
      'Users',
      'Resellers & Product Access',
      'Orders',
      'Coupons',
      'Licensing',
      'Tickets',
      'Maintenance Settings',
      'Global Product Settings',
      'API keys & Webhooks',
      'Audit Log',
    ]);
    expect(await screen.findByText('12')).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Keys per day' })).toBeInTheDocument();
    expect(screen.getByText('4 generated and 3 redeemed in the last 2 days.')).toBeInTheDocument();
  });

  it('opens the section named in ?section=', async () => {
    serve(currentUser('Owner'));
    renderWithProviders(<AdminPanelRoute />, '/admin-panel?section=tickets');
    expect(await screen.findByRole('tab', { name: 'Tickets', selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Tickets' })).toBeInTheDocument();
  });
});
