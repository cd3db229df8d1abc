import { TOKEN_STORAGE_KEY } from '@stellar/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type Handler } from '@/test/api-mock';
import { renderRoutes } from '@/test/render-routes';
import { YourOrders } from './your-orders';

const order = (id: string, status: string, amount: number) => ({
  _id: id,
  status,
  productId: '64f1a2b3c4d5e6f701234568',
  product: 'Clothing Bot',
  plan: 'Standard Plan',
  amount,
  currency: 'USD',
  coupon: null,
  createdAt: '2026-11-23T03:00:00.000Z',
});

beforeEach(() => window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token'));
afterEach(() => vi.unstubAllGlobals());

function renderCard(getOrders: Handler) {
  mockApi({ 'GET /orders': getOrders });
  return renderRoutes([{ path: '/user-dashboard', Component: YourOrders }], ['/user-dashboard']);
}

describe('YourOrders', () => {
  it('shows a loading state, then each order with its status and a link to it', async () => {
    renderCard(() => Response.json([order('o2', 'paid', 20), order('o1', 'needs_attention', 15)]));
    expect(screen.getByRole('status', { name: 'Loading your orders' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Your orders, newest first' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Clothing Bot · Standard Plan');
    expect(items[0]).toHaveTextContent('$20.00');
    expect(items[0]).toHaveTextContent('Status: Paid');
    expect(items[1]).toHaveTextContent('Status: Needs attention');
    expect(within(items[1]!).getByRole('link')).toHaveAttribute('href', '/orders/o1');
  });

  it('has an empty state', async () => {
    renderCard(() => Response.json([]));
    expect(await screen.findByText('No orders yet.')).toBeInTheDocument();
  });

  it('says when the list cannot be loaded and retries', async () => {
    let fail = true;
    renderCard(() =>
      fail ? Response.json({ message: 'Boom' }, { status: 500 }) : Response.json([]),
    );
    expect(await screen.findByText('Your orders could not be loaded.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No orders yet.')).toBeInTheDocument();
  });
});
