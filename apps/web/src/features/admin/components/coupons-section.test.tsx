import type { Coupon } from '@stellar/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchRoutes, renderWithProviders } from '../test/render';
import { CouponsSection } from './coupons-section';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function coupon(overrides: Partial<Coupon> = {}): Coupon {
  return {
    _id: 'c1',
    code: 'SAVE20',
    percentOff: 20,
    productId: null,
    product: null,
    maxUses: 10,
    uses: 3,
    expiresAt: null,
    active: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
const products = () =>
  Response.json([
    {
      _id: 'p1',
      slug: 'stellar-launcher',
      title: 'Stellar Launcher',
      description: '',
      features: [],
      pricing: [],
    },
  ]);

describe('CouponsSection', () => {
  it('lists coupons: code, discount, product, uses, state', async () => {
    fetchMock.mockImplementation(
      fetchRoutes({
        'GET /admin/coupons': () =>
          Response.json({
            coupons: [
              coupon(),
              coupon({
                _id: 'c2',
                code: 'FIVE',
                percentOff: undefined,
                amountOff: 5,
                product: 'Stellar Launcher',
                productId: 'p1',
                maxUses: null,
                active: false,
              }),
            ],
          }),
        'GET /products': products,
      }),
    );
    renderWithProviders(<CouponsSection />);
    const items = within(await screen.findByRole('list', { name: 'Coupons' })).getAllByRole(
      'listitem',
    );
    expect(within(items[0]!).getByText('SAVE20')).toBeInTheDocument();
    expect(within(items[0]!).getByText('20% off · Any product')).toBeInTheDocument();
    expect(within(items[0]!).getByText(/Used 3 of 10/)).toBeInTheDocument();
    expect(within(items[0]!).getByRole('switch', { name: 'Coupon SAVE20 active' })).toBeChecked();
    expect(within(items[1]!).getByText('$5.00 off · Stellar Launcher')).toBeInTheDocument();
    expect(within(items[1]!).getByText(/Used 3 of unlimited/)).toBeInTheDocument();
    expect(within(items[1]!).getByText('Disabled')).toBeInTheDocument();
    expect(within(items[1]!).getByRole('switch', { name: 'Coupon FIVE active' })).not.toBeChecked();
  });

  it('shows the empty and error states', async () => {
    fetchMock.mockImplementation(
      fetchRoutes({
        'GET /admin/coupons': () => Response.json({ coupons: [] }),
        'GET /products': products,
      }),
    );
    const { unmount } = renderWithProviders(<CouponsSection />);
    expect(await screen.findByText('No coupons yet.')).toBeInTheDocument();
    unmount();
    fetchMock.mockImplementation(
      fetchRoutes({
        'GET /admin/coupons': () =>
          Response.json({ message: 'You do not have permission to do this.' }, { status: 403 }),
        'GET /products': products,
      }),
    );
    renderWithProviders(<CouponsSection />);
    expect(await screen.findByText('The coupons could not be loaded.')).toBeInTheDocument();
  });

  it('creates a coupon: sends the fields, shows the success, lists it', async () => {
    const created: Coupon[] = [];
    let body: unknown;
    fetchMock.mockImplementation(
      fetchRoutes({
        'GET /admin/coupons': () => Response.json({ coupons: created }),
        'GET /products': products,
        'POST /admin/coupons': (_url, init) => {
          body = JSON.parse(String(init?.body));
          const c = coupon({
            code: 'Launch',
            percentOff: undefined,
            amountOff: 7.5,
            productId: 'p1',
            product: 'Stellar Launcher',
            maxUses: 5,
            uses: 0,
          });
          created.push(c);
          return Response.json({ coupon: c }, { status: 201 });
        },
      }),
    );
    renderWithProviders(<CouponsSection />);
    await screen.findByText('No coupons yet.');
    await userEvent.type(screen.getByLabelText('Code'), 'Launch');
    await userEvent.selectOptions(screen.getByLabelText('Discount type'), 'Dollars off');
    await userEvent.type(screen.getByLabelText('Dollars off'), '7.5');
    await screen.findByRole('option', { name: 'Stellar Launcher' });
    await userEvent.selectOptions(screen.getByLabelText('Product'), 'Stellar Launcher');
    await userEvent.type(screen.getByLabelText('Max uses'), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Create coupon' }));
    expect(await screen.findByText('Coupon Launch created.')).toBeInTheDocument();
    expect(body).toEqual({
      code: 'Launch',
      amountOff: 7.5,
      productId: 'p1',
      maxUses: 5,
      expiresAt: null,
    });
    expect(await screen.findByText('$7.50 off · Stellar Launcher')).toBeInTheDocument();
    expect(screen.getByLabelText('Code')).toHaveValue('');
  });

  it('shows the server validation messages under their fields and focuses the first', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockImplementation(
      fetchRoutes({
        'GET /admin/coupons': () => Response.json({ coupons: [] }),
        'GET /products': products,
        'POST /admin/coupons': () =>
          Response.json(
            {
              message: 'A coupon with this code already exists.',
              errors: {
                code: 'A coupon with this code already exists.',
                percentOff: 'Percent off must be a whole number from 1 to 100.',
              },
            },
            { status: 400 },
          ),
      }),
    );
    renderWithProviders(<CouponsSection />);
    await screen.findByText('No coupons yet.');
    await userEvent.type(screen.getByLabelText('Code'), 'save20');
    await userEvent.type(screen.getByLabelText('Percent off'), '150');
    await userEvent.click(screen.getByRole('button', { name: 'Create coupon' }));
    expect(await screen.findByText('A coupon with this code already exists.')).toBeInTheDocument();
    expect(
      screen.getByText('Percent off must be a whole number from 1 to 100.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Code')).toHaveFocus();
    expect(screen.getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Percent off')).toHaveAttribute('aria-invalid', 'true');
  });

  it('disables a coupon with its switch (PATCH active: false)', async () => {
    let current = coupon();
    let body: unknown;
    fetchMock.mockImplementation(
      fetchRoutes({
        'GET /admin/coupons': () => Response.json({ coupons: [current] }),
        'GET /products': products,
        'PATCH /admin/coupons/c1': (_url, init) => {
          body = JSON.parse(String(init?.body));
          current = coupon({ active: false });
          return Response.json({ coupon: current });
        },
      }),
    );
    renderWithProviders(<CouponsSection />);
    const toggle = await screen.findByRole('switch', { name: 'Coupon SAVE20 active' });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    expect(await screen.findByText('Coupon SAVE20 disabled.')).toBeInTheDocument();
    expect(body).toEqual({ active: false });
    expect(screen.getByRole('switch', { name: 'Coupon SAVE20 active' })).not.toBeChecked();
    expect(screen.getByText('Disabled')).toBeInTheDocument();
  });
});
