import { CATALOGUE, TOKEN_STORAGE_KEY } from '@stellar/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { renderRoutes } from '@/test/render-routes';
import { ProductRoute } from './product';

afterEach(() => vi.unstubAllGlobals());

function renderProduct(slug: string) {
  return renderRoutes([{ path: '/product/:slug', Component: ProductRoute }], [`/product/${slug}`]);
}

const card = (plan: string) => screen.getByRole('article', { name: plan }) as HTMLElement;

describe('Product page', () => {
  it('shows a skeleton, then title, description, Key Features and Pricing Options', async () => {
    mockApi({ 'GET /products': () => Response.json(CATALOGUE) });
    renderProduct('clothing-bot');

    expect(screen.getByRole('status', { name: 'Loading product' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Clothing Bot' }),
    ).toBeInTheDocument();
    expect(screen.getByText(CATALOGUE[1]!.description)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Key Features' })).toBeInTheDocument();
    for (const feature of [
      'Bulk upload',
      'Sales analytics',
      'Bulk editing',
      'AI quality control',
    ]) {
      expect(screen.getByText(feature)).toBeInTheDocument();
    }
    expect(screen.getByRole('heading', { name: 'Pricing Options' })).toBeInTheDocument();
  });

  it('shows each plan with its price, struck-through original and Save badge (docs/product.md#money)', async () => {
    mockApi({ 'GET /products': () => Response.json(CATALOGUE) });
    renderProduct('stellar-launcher');
    await screen.findByRole('heading', { level: 1, name: 'Stellar Launcher' });

    const basic = within(card('Basic Plan'));
    expect(basic.getByText('1 Week')).toBeInTheDocument();
    expect(basic.getByText('$7.00')).toBeInTheDocument();
    expect(basic.queryByText(/Save/)).not.toBeInTheDocument();
    expect(card('Basic Plan').querySelector('s')).toBeNull();

    const standard = within(card('Standard Plan'));
    expect(standard.getByText('1 Month')).toBeInTheDocument();
    expect(standard.getByText('$25.00')).toBeInTheDocument();
    expect(card('Standard Plan').querySelector('s')).toHaveTextContent('$100.00');
    expect(standard.getByText('Save 75%')).toBeInTheDocument();

    const premium = within(card('Premium Plan'));
    expect(premium.getByText('1 Year')).toBeInTheDocument();
    expect(premium.getByText('$150.00')).toBeInTheDocument();
    expect(card('Premium Plan').querySelector('s')).toHaveTextContent('$300.00');
    expect(premium.getByText('Save 50%')).toBeInTheDocument();
  });

  it('sends a signed-out visitor to register, then checkout', async () => {
    mockApi({ 'GET /products': () => Response.json(CATALOGUE) });
    renderProduct('other');
    await screen.findByRole('heading', { level: 1, name: 'Other' });

    const subscribe = within(card('Premium Plan')).getByRole('link', { name: /Subscribe Now/ });
    expect(subscribe).toHaveAttribute(
      'href',
      `/register?next=${encodeURIComponent('/checkout/other?plan=premium-plan')}`,
    );
    expect(within(card('Premium Plan')).getByRole('link', { name: /Log in/ })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent('/checkout/other?plan=premium-plan')}`,
    );
  });

  it('sends a signed-in member straight to checkout', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    mockApi({ 'GET /products': () => Response.json(CATALOGUE) });
    renderProduct('clothing-bot');
    await screen.findByRole('heading', { level: 1, name: 'Clothing Bot' });

    expect(within(card('Basic Plan')).getByRole('link', { name: /Subscribe Now/ })).toHaveAttribute(
      'href',
      '/checkout/clothing-bot?plan=basic-plan',
    );
    expect(screen.queryByRole('link', { name: /Log in/ })).not.toBeInTheDocument();
  });

  it('shows "Product Not Found" for an unknown product', async () => {
    mockApi({ 'GET /products': () => Response.json(CATALOGUE) });
    renderProduct('no-such-tool');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Product Not Found' }),
    ).toBeInTheDocument();
  });

  it('shows the error and a retry when the catalogue cannot be read', async () => {
    mockApi({
      'GET /products': () => Response.json({ message: 'Down for a moment' }, { status: 503 }),
    });
    renderProduct('clothing-bot');
    expect(await screen.findByText('Down for a moment')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
