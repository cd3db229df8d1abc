import { CATALOGUE } from '@stellar/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { renderRoutes } from '@/test/render-routes';
import { CheckoutRoute } from './checkout';

afterEach(() => vi.unstubAllGlobals());

function renderCheckout(entry: string) {
  mockApi({ 'GET /products': () => Response.json(CATALOGUE) });
  return renderRoutes([{ path: '/checkout/:slug', Component: CheckoutRoute }], [entry]);
}

describe('Checkout', () => {
  it('shows the chosen plan, the payment routes, the later-step notice and the redeem link', async () => {
    renderCheckout('/checkout/clothing-bot?plan=standard-plan');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Clothing Bot' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Standard Plan/ })).toBeChecked();
    expect(screen.getByText('Online payment is coming in a later update.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pay with cryptocurrency' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Buy from a reseller' })).toBeInTheDocument();
    expect(screen.getByText(/PayPal, credit cards, Robux and more/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Redeem Key' })).toHaveAttribute(
      'href',
      '/user-dashboard#redeem-key',
    );
  });

  it('lets the member pick another plan', async () => {
    const { router } = renderCheckout('/checkout/clothing-bot');
    const premium = await screen.findByRole('radio', { name: /Premium Plan/ });
    expect(screen.getByText('Choose a plan')).toBeInTheDocument();
    await userEvent.click(premium);
    expect(premium).toBeChecked();
    expect(router.state.location.search).toBe('?plan=premium-plan');
  });

  it('shows "Product Not Found" for an unknown product', async () => {
    renderCheckout('/checkout/nothing');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Product Not Found' }),
    ).toBeInTheDocument();
  });
});
