import { TOKEN_STORAGE_KEY, type ResellerMe } from '@stellar/shared';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { goToCheckout } from '@/features/orders';
import { callsTo, mockApi, type Handler } from '@/test/api-mock';
import { renderRoutes } from '@/test/render-routes';
import { TOP_UP_POLL_MS } from '../api/get-reseller-overview';
import { TOP_UP_CENTS_ERROR, TOP_UP_RANGE_ERROR } from '../components/top-up-card';
import { ResellPanelRoute } from './resell-panel';

vi.mock('@/features/orders/go-to-checkout', () => ({ goToCheckout: vi.fn() }));

const PAY_URL = 'http://127.0.0.1:5055/api/payments/test/checkout/inv_7';

const user = (role: string) => ({
  _id: 'u1',
  username: 'seller',
  role,
  twoFactorEnabled: false,
  balance: 10,
  mustChangePassword: false,
  impersonatedBy: null,
  createdAt: '2025-01-01T00:00:00.000Z',
});

const topUp = (id: string, status: string, amount: number) => ({
  _id: id,
  status,
  amount,
  currency: 'USD',
  createdAt: '2026-11-23T03:00:00.000Z',
});

const overview = (balance: number, topUps: unknown[]): ResellerMe & { topUps: unknown[] } => ({
  balance,
  products: [],
  keys: { items: [], page: 1, pageSize: 10, total: 0 },
  topUps: topUps as ResellerMe['topUps'],
});

beforeEach(() => window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token'));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.mocked(goToCheckout).mockClear();
});

function renderPanel(
  role: string,
  getOverview: Handler,
  extra: Record<string, Handler> = {},
  mode = 'btcpay',
) {
  const fetchMock = mockApi({
    'GET /users/user': () => Response.json(user(role)),
    'GET /resellers/me': getOverview,
    'GET /payments/status': () => Response.json({ mode }),
    ...extra,
  });
  renderRoutes([{ path: '/resell-panel', Component: ResellPanelRoute }], ['/resell-panel']);
  return fetchMock;
}

describe('Top up balance', () => {
  it('checks the amount (10 to 10,000 dollars, cents) before any request', async () => {
    const fetchMock = renderPanel('Reseller', () => Response.json(overview(0, [])));
    const amount = await screen.findByLabelText('Amount (USD)');
    const submit = screen.getByRole('button', { name: 'Top up with crypto' });
    for (const [text, message] of [
      ['', TOP_UP_RANGE_ERROR],
      ['9.99', TOP_UP_RANGE_ERROR],
      ['10000.01', TOP_UP_RANGE_ERROR],
      ['abc', TOP_UP_RANGE_ERROR],
      ['12.345', TOP_UP_CENTS_ERROR],
    ] as const) {
      await userEvent.clear(amount);
      if (text) await userEvent.type(amount, text);
      await userEvent.click(submit);
      expect(screen.getByText(message)).toBeInTheDocument();
      expect(amount).toHaveAttribute('aria-invalid', 'true');
    }
    expect(callsTo(fetchMock, 'POST /resellers/me/top-ups')).toHaveLength(0);
    expect(TOP_UP_RANGE_ERROR).toBe('Enter an amount between $10.00 and $10,000.00.');
  });

  it('creates the top-up and goes to its checkout link', async () => {
    const fetchMock = renderPanel(
      'Reseller',
      () => Response.json(overview(0, [])),
      {
        'POST /resellers/me/top-ups': () =>
          Response.json(
            { topUp: topUp('t1', 'pending', 50), checkoutUrl: PAY_URL },
            { status: 201 },
          ),
      },
      'test',
    );
    expect(await screen.findByText('Test mode: no real payment happens.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Amount (USD)'), '10000');
    await userEvent.click(screen.getByRole('button', { name: 'Top up with crypto' }));
    await vi.waitFor(() => expect(goToCheckout).toHaveBeenCalledWith(PAY_URL));
    const [call] = callsTo(fetchMock, 'POST /resellers/me/top-ups');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ amount: 10000 });
  });

  it("shows the server's amount message", async () => {
    renderPanel('Reseller', () => Response.json(overview(0, [])), {
      'POST /resellers/me/top-ups': () =>
        Response.json(
          { message: 'Invalid amount.', errors: { amount: 'Amount must be at most 10000.' } },
          { status: 400 },
        ),
    });
    await userEvent.type(await screen.findByLabelText('Amount (USD)'), '50');
    await userEvent.click(screen.getByRole('button', { name: 'Top up with crypto' }));
    expect(await screen.findByText('Amount must be at most 10000.')).toBeInTheDocument();
    expect(goToCheckout).not.toHaveBeenCalled();
  });

  it('says payments are not set up when they are off', async () => {
    renderPanel('Reseller', () => Response.json(overview(0, [])), {}, 'off');
    expect(await screen.findByText(/Payments are not set up\./)).toBeInTheDocument();
    expect(screen.queryByLabelText('Amount (USD)')).not.toBeInTheDocument();
  });

  it('lists top-ups and follows an open one until it is paid, with the new balance', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let paid = false;
    renderPanel('Reseller', () =>
      Response.json(
        paid
          ? overview(50, [topUp('t2', 'paid', 50), topUp('t1', 'expired', 20)])
          : overview(0, [topUp('t2', 'pending', 50), topUp('t1', 'expired', 20)]),
      ),
    );
    const list = await screen.findByRole('list', { name: 'Top-ups, newest first' });
    let items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('$50.00');
    expect(items[0]).toHaveTextContent('Status: Waiting for payment');
    expect(items[1]).toHaveTextContent('Status: Expired');

    paid = true;
    await act(() => vi.advanceTimersByTimeAsync(TOP_UP_POLL_MS));
    await vi.waitFor(() =>
      expect(screen.getByTestId('reseller-balance')).toHaveTextContent('$50.00'),
    );
    items = within(screen.getByRole('list', { name: 'Top-ups, newest first' })).getAllByRole(
      'listitem',
    );
    expect(items[0]).toHaveTextContent('Status: Paid');
  });

  it('has no top-up for an Owner, who generates keys for free', async () => {
    renderPanel('Owner', () => Response.json(overview(0, [])));
    expect(
      await screen.findByText('Keys are free for Admin and Owner accounts.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Top up balance' })).not.toBeInTheDocument();
  });
});
