import { CATALOGUE, TOKEN_STORAGE_KEY } from '@stellar/shared';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockApi, type Handler } from '@/test/api-mock';
import { landing, renderRoutes } from '@/test/render-routes';
import { ORDER_POLL_MS } from '../api/get-order';
import { goToCheckout } from '../go-to-checkout';
import { OrderRoute } from './order';

vi.mock('../go-to-checkout', () => ({ goToCheckout: vi.fn() }));

const CLOTHING_BOT = '64f1a2b3c4d5e6f701234568';
const LICENCE_KEY = 'STLL-AAAAA-BBBBB-CCCCC-DDDDD';

const order = (overrides: Record<string, unknown> = {}) => ({
  _id: 'o1',
  status: 'pending',
  productId: CLOTHING_BOT,
  product: 'Clothing Bot',
  plan: 'Standard Plan',
  amount: 20,
  currency: 'USD',
  coupon: null,
  createdAt: '2026-11-23T03:00:00.000Z',
  ...overrides,
});

const licence = {
  _id: 'l1',
  productId: CLOTHING_BOT,
  title: 'Clothing Bot',
  slug: 'clothing-bot',
  hwid: null,
  purchasedAt: '2026-11-23T03:01:00.000Z',
  expiresAt: '2026-12-23T03:01:00.000Z',
  canResetHWID: true,
  canAccessSettings: true,
  licenceKey: LICENCE_KEY,
  nextHwidResetAt: null,
};

let writeText: ReturnType<typeof vi.fn<(text: string) => Promise<void>>>;
beforeEach(() => {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
  writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.mocked(goToCheckout).mockClear();
});

function renderOrder(getOrder: Handler, extra: Record<string, Handler> = {}, mode = 'btcpay') {
  const fetchMock = mockApi({
    'GET /orders/o1': getOrder,
    'GET /payments/status': () => Response.json({ mode }),
    'GET /products': () => Response.json(CATALOGUE),
    'GET /users/owns': () => Response.json({ ownedProducts: [licence] }),
    ...extra,
  });
  const view = renderRoutes(
    [
      { path: '/orders/:orderId', Component: OrderRoute },
      landing('/orders/o2'),
      landing('/contact'),
    ],
    ['/orders/o1'],
  );
  return { fetchMock, ...view };
}

describe('OrderRoute', () => {
  it('shows a loading state, then a pending order with its way back to the payment page', async () => {
    renderOrder(() => Response.json(order({ checkoutUrl: 'https://pay.example/i/1' })));
    expect(screen.getByRole('status', { name: 'Loading your order' })).toBeInTheDocument();
    expect(await screen.findByTestId('order-state')).toHaveTextContent('Waiting for payment');
    expect(screen.getByRole('link', { name: 'Back to the payment page' })).toHaveAttribute(
      'href',
      'https://pay.example/i/1',
    );
    expect(screen.getByText('$20.00')).toBeInTheDocument();
    expect(screen.queryByText('Test mode: no real payment happens.')).not.toBeInTheDocument();
  });

  it('links a pending order without its own link back to the checkout of its plan', async () => {
    renderOrder(() => Response.json(order()), {}, 'test');
    expect(await screen.findByRole('link', { name: 'Back to checkout' })).toHaveAttribute(
      'href',
      '/checkout/clothing-bot?plan=standard-plan',
    );
    expect(screen.getByText('Test mode: no real payment happens.')).toBeInTheDocument();
  });

  it('follows the payment without a reload: pending, processing, then paid with the licence', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const statuses = ['pending', 'processing', 'paid'];
    let reads = 0;
    const { fetchMock } = renderOrder(() => {
      const status = statuses[Math.min(reads, statuses.length - 1)];
      reads += 1;
      return Response.json(
        order(
          status === 'paid'
            ? { status, licenceId: 'l1', paidAt: '2026-11-23T03:01:00.000Z' }
            : { status },
        ),
      );
    });
    expect(await screen.findByTestId('order-state')).toHaveTextContent('Waiting for payment');
    expect(screen.getByText('Checking for your payment every few seconds.')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(ORDER_POLL_MS));
    expect(await screen.findByText('Payment seen, waiting for confirmations')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(ORDER_POLL_MS));
    expect(await screen.findByText('Payment received')).toBeInTheDocument();
    expect(await screen.findByText(LICENCE_KEY)).toBeInTheDocument();
    expect(screen.getByTestId('licence-expiry')).toHaveAttribute('dateTime', licence.expiresAt);
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
      'href',
      '/user-dashboard',
    );
    expect(
      screen.queryByText('Checking for your payment every few seconds.'),
    ).not.toBeInTheDocument();

    // A paid order is final: polling stops.
    const readsWhenPaid = callsTo(fetchMock, 'GET /orders/o1').length;
    await act(() => vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 3));
    expect(callsTo(fetchMock, 'GET /orders/o1')).toHaveLength(readsWhenPaid);

    vi.useRealTimers();
    await userEvent.click(screen.getByRole('button', { name: 'Copy licence key' }));
    expect(writeText).toHaveBeenCalledWith(LICENCE_KEY);
  });

  it('offers "Try again" on an expired order: a new order for the same plan and coupon', async () => {
    const { fetchMock } = renderOrder(
      () => Response.json(order({ status: 'expired', coupon: 'SAVE5' })),
      {
        'POST /orders': () =>
          Response.json(
            { order: order({ _id: 'o2' }), checkoutUrl: 'https://pay.example/i/2' },
            { status: 201 },
          ),
      },
    );
    expect(await screen.findByTestId('order-state')).toHaveTextContent('This order expired');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(goToCheckout).toHaveBeenCalledWith('https://pay.example/i/2'));
    const [call] = callsTo(fetchMock, 'POST /orders');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      productId: CLOTHING_BOT,
      plan: 'Standard Plan',
      coupon: 'SAVE5',
    });
  });

  it('shows why "Try again" failed', async () => {
    renderOrder(() => Response.json(order({ status: 'expired', coupon: 'SAVE5' })), {
      'POST /orders': () =>
        Response.json(
          { message: 'Invalid coupon.', errors: { coupon: 'This coupon has been used up.' } },
          { status: 400 },
        ),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This coupon has been used up.');
    expect(goToCheckout).not.toHaveBeenCalled();
  });

  it('sends a needs-attention order to support with the order ID to copy', async () => {
    renderOrder(() => Response.json(order({ status: 'needs_attention' })));
    expect(await screen.findByTestId('order-state')).toHaveTextContent(
      'This payment needs our attention',
    );
    expect(screen.getByRole('link', { name: 'Open a support ticket' })).toHaveAttribute(
      'href',
      '/contact',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Copy order ID' }));
    expect(writeText).toHaveBeenCalledWith('o1');
  });

  it('shows a refunded order', async () => {
    renderOrder(() => Response.json(order({ status: 'refunded' })));
    expect(await screen.findByTestId('order-state')).toHaveTextContent('This order was refunded');
    expect(screen.getByText('Refunded')).toBeInTheDocument();
  });

  it('says "Order not found" for an order that is not the member\'s', async () => {
    renderOrder(() => Response.json({ message: 'Order not found.' }, { status: 404 }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Order not found' }),
    ).toBeInTheDocument();
  });

  it('offers a retry when the order cannot be read', async () => {
    let fail = true;
    renderOrder(() =>
      fail ? Response.json({ message: 'Boom' }, { status: 500 }) : Response.json(order()),
    );
    expect(await screen.findByText('Your order could not be loaded.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('order-state')).toHaveTextContent('Waiting for payment');
  });
});
