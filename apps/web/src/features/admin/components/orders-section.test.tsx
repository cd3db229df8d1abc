import type { AdminOrder } from '@stellar/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchRoutes, renderWithProviders } from '../test/render';
import { OrdersSection } from './orders-section';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const DONE =
  'Order marked refunded. Send the coins back from BTCPay Server: Stellar does not move funds.';

function order(overrides: Partial<AdminOrder> = {}): AdminOrder {
  return {
    _id: '00000000-0000-4000-8000-0000000000a1',
    kind: 'licence',
    status: 'paid',
    buyer: { _id: 'u1', username: 'alice' },
    productId: 'p1',
    product: 'Stellar Launcher',
    plan: 'Monthly Plan',
    amount: 25,
    currency: 'USD',
    coupon: null,
    licenceId: 'l1',
    deliveredDays: 30,
    invoiceId: 'inv_1',
    attentionReason: null,
    refundReason: null,
    createdAt: '2026-01-02T10:00:00.000Z',
    paidAt: '2026-01-02T10:05:00.000Z',
    refundedAt: null,
    ...overrides,
  };
}
const listOf = (orders: AdminOrder[]) =>
  Response.json({ orders, total: orders.length, page: 1, pageSize: 20 });

describe('OrdersSection', () => {
  it('lists orders with buyer, item, amount, status badge; top-ups read "Balance top-up"', async () => {
    fetchMock.mockImplementation(
      fetchRoutes({
        'GET /admin/orders': () =>
          listOf([
            order({
              _id: 'o-att',
              status: 'needs_attention',
              attentionReason: 'Paid less than the invoice.',
              buyer: { _id: 'u2', username: 'bob' },
            }),
            order({
              _id: 'o-top',
              kind: 'top_up',
              product: null,
              plan: null,
              amount: 100,
              buyer: { _id: 'u3', username: 'reseller1' },
            }),
            order(),
          ]),
      }),
    );
    renderWithProviders(<OrdersSection />);
    const items = within(await screen.findByRole('list', { name: 'Orders' })).getAllByRole(
      'listitem',
    );
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByText('bob')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Needs attention')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Paid less than the invoice.')).toBeInTheDocument();
    expect(within(items[0]!).queryByRole('button', { name: /Refund/ })).not.toBeInTheDocument();
    expect(within(items[1]!).getByText('Balance top-up')).toBeInTheDocument();
    expect(within(items[1]!).getByText('$100.00')).toBeInTheDocument();
    expect(within(items[2]!).getByText('Stellar Launcher · Monthly Plan')).toBeInTheDocument();
    expect(within(items[2]!).getByText('Paid')).toBeInTheDocument();
    expect(
      within(items[2]!).getByRole('button', { name: "Refund alice's order" }),
    ).toBeInTheDocument();
    expect(screen.getByText('3 orders')).toBeInTheDocument();
  });

  it('filters by status through the API', async () => {
    const seen: (string | null)[] = [];
    fetchMock.mockImplementation(
      fetchRoutes({
        'GET /admin/orders': (url) => {
          seen.push(url.searchParams.get('status'));
          return listOf([]);
        },
      }),
    );
    renderWithProviders(<OrdersSection />);
    expect(await screen.findByText('No orders yet.')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Needs attention');
    expect(await screen.findByText('No needs attention orders.')).toBeInTheDocument();
    expect(seen).toEqual([null, 'needs_attention']);
  });

  it('shows loading, then the error state', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockImplementation(
      fetchRoutes({
        'GET /admin/orders': () => Response.json({ message: 'Database down' }, { status: 503 }),
      }),
    );
    renderWithProviders(<OrdersSection />);
    expect(screen.getByRole('status', { name: 'Loading orders' })).toBeInTheDocument();
    expect(await screen.findByText('The orders could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('Database down')).toBeInTheDocument();
  });

  it('refund needs a reason, sends it, then shows the server message and the refreshed list', async () => {
    let refunded = false;
    let body: unknown;
    fetchMock.mockImplementation(
      fetchRoutes({
        'GET /admin/orders': () =>
          listOf([
            refunded ? order({ status: 'refunded', refundReason: 'Charged twice' }) : order(),
          ]),
        [`POST /admin/orders/${order()._id}/refund`]: (_url, init) => {
          body = JSON.parse(String(init?.body));
          refunded = true;
          return Response.json({ message: DONE, order: order({ status: 'refunded' }) });
        },
        'GET /admin/overview': () => Response.json({}),
      }),
    );
    renderWithProviders(<OrdersSection />);
    await userEvent.click(await screen.findByRole('button', { name: "Refund alice's order" }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund $25.00 to alice?' });
    expect(
      within(dialog).getByText(/The licence loses the 30 days this order gave/),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/send the coins back from BTCPay Server/)).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark refunded' }));
    expect(within(dialog).getByText('A reason is required.')).toBeInTheDocument();
    const reason = within(dialog).getByLabelText('Reason');
    expect(reason).toHaveFocus();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(body).toBeUndefined();

    await userEvent.type(reason, 'Charged twice');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark refunded' }));
    expect(await screen.findByText(DONE)).toBeInTheDocument();
    expect(body).toEqual({ reason: 'Charged twice' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('Refunded: Charged twice')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /Refund alice/ })).not.toBeInTheDocument(),
    );
  });

  it('keeps the dialog open with the server message when the refund is refused', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockImplementation(
      fetchRoutes({
        'GET /admin/orders': () => listOf([order()]),
        [`POST /admin/orders/${order()._id}/refund`]: () =>
          Response.json({ message: 'Only a paid order can be refunded.' }, { status: 409 }),
      }),
    );
    renderWithProviders(<OrdersSection />);
    await userEvent.click(await screen.findByRole('button', { name: "Refund alice's order" }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'dup');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark refunded' }));
    expect(
      await within(dialog).findByText('Only a paid order can be refunded.'),
    ).toBeInTheDocument();
  });
});
