import { CATALOGUE, TOKEN_STORAGE_KEY } from '@stellar/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { goToCheckout } from '@/features/orders';
import { callsTo, mockApi, type Handler } from '@/test/api-mock';
import { landing, renderRoutes } from '@/test/render-routes';
import { CheckoutRoute } from './checkout';

vi.mock('@/features/orders/go-to-checkout', () => ({ goToCheckout: vi.fn() }));

const CLOTHING_BOT = '64f1a2b3c4d5e6f701234568';
const PAY_URL = 'http://127.0.0.1:5055/api/payments/test/checkout/inv_1';

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

beforeEach(() => window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(goToCheckout).mockClear();
});

function renderCheckout(
  entry: string,
  mode: 'btcpay' | 'test' | 'off',
  extra: Record<string, Handler> = {},
) {
  const fetchMock = mockApi({
    'GET /products': () => Response.json(CATALOGUE),
    'GET /payments/status': () => Response.json({ mode }),
    ...extra,
  });
  const view = renderRoutes(
    [{ path: '/checkout/:slug', Component: CheckoutRoute }, landing('/orders/:orderId')],
    [entry],
  );
  return { fetchMock, ...view };
}

describe('Checkout with payments off', () => {
  it('keeps the payment routes and the redeem link and says payments are not set up', async () => {
    renderCheckout('/checkout/clothing-bot?plan=standard-plan', 'off');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Clothing Bot' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Standard Plan/ })).toBeChecked();
    expect(screen.getByText('Payments are not set up.')).toBeInTheDocument();
    expect(screen.getByText(/cannot be processed on this site yet/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pay with cryptocurrency' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Buy from a reseller' })).toBeInTheDocument();
    expect(screen.getByText(/PayPal, credit cards, Robux and more/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Redeem Key' })).toHaveAttribute(
      'href',
      '/user-dashboard#redeem-key',
    );
    expect(screen.queryByRole('button', { name: 'Pay with crypto' })).not.toBeInTheDocument();
    expect(screen.queryByText('Test mode: no real payment happens.')).not.toBeInTheDocument();
  });

  it('lets the member pick another plan', async () => {
    const { router } = renderCheckout('/checkout/clothing-bot', 'off');
    const premium = await screen.findByRole('radio', { name: /Premium Plan/ });
    expect(screen.getByText('Choose a plan')).toBeInTheDocument();
    await userEvent.click(premium);
    expect(premium).toBeChecked();
    expect(router.state.location.search).toBe('?plan=premium-plan');
  });

  it('treats a server without the payments status route as payments off', async () => {
    mockApi({ 'GET /products': () => Response.json(CATALOGUE) });
    renderRoutes(
      [{ path: '/checkout/:slug', Component: CheckoutRoute }],
      ['/checkout/clothing-bot?plan=standard-plan'],
    );
    expect(await screen.findByText('Payments are not set up.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pay with cryptocurrency' })).toBeInTheDocument();
  });

  it('offers a retry when the payments status cannot be read', async () => {
    let fail = true;
    mockApi({
      'GET /products': () => Response.json(CATALOGUE),
      'GET /payments/status': () =>
        fail
          ? Response.json({ message: 'Boom' }, { status: 500 })
          : Response.json({ mode: 'test' }),
    });
    renderRoutes(
      [{ path: '/checkout/:slug', Component: CheckoutRoute }],
      ['/checkout/clothing-bot?plan=standard-plan'],
    );
    expect(await screen.findByText('The products could not be loaded.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Pay with crypto' })).toBeInTheDocument();
  });

  it('shows "Product Not Found" for an unknown product', async () => {
    renderCheckout('/checkout/nothing', 'off');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Product Not Found' }),
    ).toBeInTheDocument();
  });
});

describe('Checkout with payments on', () => {
  it('shows the order summary and pays: one order, then the checkout link', async () => {
    const { fetchMock } = renderCheckout('/checkout/clothing-bot?plan=standard-plan', 'btcpay', {
      'POST /orders': () =>
        Response.json({ order: order(), checkoutUrl: PAY_URL }, { status: 201 }),
    });
    expect(await screen.findByRole('heading', { name: 'Order summary' })).toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('$20.00');
    expect(screen.queryByText('Test mode: no real payment happens.')).not.toBeInTheDocument();
    expect(screen.queryByText('Payments are not set up.')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Pay with crypto' }));
    expect(await screen.findByText('Opening the payment page...')).toBeInTheDocument();
    expect(goToCheckout).toHaveBeenCalledWith(PAY_URL);
    const calls = callsTo(fetchMock, 'POST /orders');
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0]?.[1]?.body))).toEqual({
      productId: CLOTHING_BOT,
      plan: 'Standard Plan',
    });
  });

  it('says test mode on the checkout screen', async () => {
    renderCheckout('/checkout/clothing-bot?plan=standard-plan', 'test');
    expect(await screen.findByText('Test mode: no real payment happens.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay with crypto' })).toBeInTheDocument();
  });

  it('asks for a plan before the summary', async () => {
    renderCheckout('/checkout/clothing-bot', 'btcpay');
    expect(
      await screen.findByText('Choose a plan above to see your order summary.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay with crypto' })).not.toBeInTheDocument();
  });

  it("shows the server's coupon message, then the discounted total, and pays that order", async () => {
    const { fetchMock } = renderCheckout('/checkout/clothing-bot?plan=standard-plan', 'btcpay', {
      'POST /orders': ({ body }) => {
        const { coupon } = body as { coupon?: string };
        if (coupon === 'NOPE') {
          return Response.json(
            { message: 'Invalid coupon.', errors: { coupon: 'This coupon is not valid.' } },
            { status: 400 },
          );
        }
        return Response.json(
          { order: order({ amount: 15, coupon: 'SAVE5' }), checkoutUrl: PAY_URL },
          { status: 201 },
        );
      },
    });
    const field = await screen.findByLabelText('Coupon code (optional)');

    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByText('Enter a coupon code.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /orders')).toHaveLength(0);

    await userEvent.type(field, 'NOPE');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('This coupon is not valid.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('order-total')).toHaveTextContent('$20.00');

    await userEvent.clear(field);
    await userEvent.type(field, 'SAVE5');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Coupon SAVE5 applied.')).toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('$15.00');
    expect(screen.getByText('-$5.00')).toBeInTheDocument();
    expect(goToCheckout).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Pay with crypto' }));
    expect(goToCheckout).toHaveBeenCalledWith(PAY_URL);
    // "Pay with crypto" pays the order "Apply" made: no second order.
    expect(callsTo(fetchMock, 'POST /orders')).toHaveLength(2);
  });

  it('goes straight to the order when a 100 % coupon left nothing to pay', async () => {
    const { router } = renderCheckout('/checkout/clothing-bot?plan=standard-plan', 'btcpay', {
      'POST /orders': () =>
        Response.json(
          {
            order: order({ _id: 'o9', status: 'paid', amount: 0, coupon: 'FREE' }),
            checkoutUrl: null,
          },
          { status: 201 },
        ),
    });
    await userEvent.type(await screen.findByLabelText('Coupon code (optional)'), 'FREE');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('landed on /orders/:orderId')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/orders/o9');
    expect(goToCheckout).not.toHaveBeenCalled();
  });

  it('says payments are not set up when the server answers 503', async () => {
    renderCheckout('/checkout/clothing-bot?plan=standard-plan', 'btcpay', {
      'POST /orders': () => Response.json({ message: 'Payments are not set up.' }, { status: 503 }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Pay with crypto' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Payments are not set up.');
    expect(goToCheckout).not.toHaveBeenCalled();
  });
});
