import { TOKEN_STORAGE_KEY, type ResellerMe } from '@stellar/shared';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockApi, type Handler } from '@/test/api-mock';
import { renderRoutes } from '@/test/render-routes';
import { ResellPanelRoute } from './resell-panel';

const KEYS = ['STLR-AAAAA-BBBBB-CCCCC-DDDDD', 'STLR-EEEEE-FFFFF-GGGGG-HHHHH'];

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

const overview = (balance: number): ResellerMe => ({
  balance,
  products: [
    {
      _id: 'p1',
      title: 'Clothing Bot',
      slug: 'clothing-bot',
      pricing: [
        { plan: 'Basic Plan', duration: '1 Week', durationDays: 7, price: 7 },
        { plan: 'Standard Plan', duration: '1 Month', durationDays: 30, price: 20 },
      ],
    },
  ],
  keys: { items: [], page: 1, pageSize: 10, total: 0 },
  topUps: [],
});

function renderPanel(role: string, balance: number, extra: Record<string, Handler> = {}) {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
  const fetchMock = mockApi({
    'GET /users/user': () => Response.json(user(role)),
    'GET /resellers/me': () => Response.json(overview(balance)),
    'GET /payments/status': () => Response.json({ mode: 'btcpay' }),
    ...extra,
  });
  renderRoutes([{ path: '/resell-panel', Component: ResellPanelRoute }], ['/resell-panel']);
  return fetchMock;
}

async function choose(plan: string, quantity: string) {
  await userEvent.selectOptions(await screen.findByLabelText('Product'), 'p1');
  await userEvent.click(screen.getByRole('radio', { name: new RegExp(plan) }));
  const input = screen.getByLabelText('Quantity');
  await userEvent.clear(input);
  await userEvent.type(input, quantity);
}

let writeText: ReturnType<typeof vi.fn<(text: string) => Promise<void>>>;
beforeEach(() => {
  writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ResellPanelRoute', () => {
  it('shows the balance with 2 decimals and asks for a product and a plan first', async () => {
    const fetchMock = renderPanel('Reseller', 10);
    expect(await screen.findByText('$10.00')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Generate Keys' }));
    expect(screen.getByText('Please select a product and a plan.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /keys/generate')).toHaveLength(0);
  });

  it('refuses a Reseller whose balance is below price x quantity without a request', async () => {
    const fetchMock = renderPanel('Reseller', 20);
    await choose('Basic Plan', '3'); // 3 x $7 = $21 > $20
    await userEvent.click(screen.getByRole('button', { name: 'Generate Keys' }));
    expect(screen.getByText('Insufficient balance to generate keys.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /keys/generate')).toHaveLength(0);
  });

  it('lets an Owner generate beyond the balance (no client check)', async () => {
    const fetchMock = renderPanel('Owner', 0, {
      'POST /keys/generate': () => Response.json({ keys: KEYS, balance: 0 }),
    });
    await choose('Standard Plan', '2');
    await userEvent.click(screen.getByRole('button', { name: 'Generate Keys' }));
    expect(await screen.findByText(KEYS[0]!)).toBeInTheDocument();
    const [call] = callsTo(fetchMock, 'POST /keys/generate');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      productId: 'p1',
      plan: 'Standard Plan',
      quantity: 2,
    });
  });

  it('shows "Error generating keys." when the server refuses', async () => {
    renderPanel('Reseller', 100, {
      'POST /keys/generate': () =>
        Response.json({ message: 'You are not allowed to sell this product.' }, { status: 403 }),
    });
    await choose('Basic Plan', '1');
    await userEvent.click(screen.getByRole('button', { name: 'Generate Keys' }));
    expect(await screen.findByText('Error generating keys.')).toBeInTheDocument();
    expect(screen.getByText('You are not allowed to sell this product.')).toBeInTheDocument();
  });

  it('shows the products error when the panel data cannot be read', async () => {
    renderPanel('Reseller', 10, {
      'GET /resellers/me': () => Response.json({ products: 'nope' }),
    });
    expect(
      await screen.findByText('Error: Products data is not in expected format.'),
    ).toBeInTheDocument();
  });

  it('updates the balance from the answer and shows "Copied!" for exactly 2 seconds', async () => {
    let reads = 0;
    renderPanel('Reseller', 100, {
      // The refetch after generating is held back, so the balance seen is the answer's.
      'GET /resellers/me': () =>
        ++reads === 1 ? Response.json(overview(100)) : new Promise<Response>(() => {}),
      'POST /keys/generate': () => Response.json({ keys: KEYS, balance: 86 }),
    });
    await choose('Basic Plan', '2');
    await userEvent.click(screen.getByRole('button', { name: 'Generate Keys' }));
    const list = await screen.findByRole('list', { name: 'Generated keys' });
    expect(await screen.findByText('$86.00')).toBeInTheDocument();

    vi.useFakeTimers();
    const copyOne = within(list).getByRole('button', { name: `Copy key ${KEYS[1]}` });
    await act(async () => {
      fireEvent.click(copyOne);
    });
    expect(writeText).toHaveBeenLastCalledWith(KEYS[1]);
    expect(within(list).getAllByText('Copied!')).toHaveLength(1);

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy all keys' }));
    });
    expect(writeText).toHaveBeenLastCalledWith(KEYS.join('\n'));
    // One "Copied!" at a time: the copy-all button now, the key's no longer.
    expect(screen.getAllByText('Copied!')).toHaveLength(1);
    expect(within(list).queryByText('Copied!')).toBeNull();

    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByText('Copied!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Copied!')).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy all keys' })).toHaveTextContent('Copy all');
  });
});
