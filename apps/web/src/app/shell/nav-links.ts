import type { Product } from '@stellar/shared';
import { useCatalogue } from '@/features/products';
import { canSeeAdminPanel, canSeeResellPanel } from '@/lib/roles';

export interface NavItem {
  to: string;
  label: string;
}

/** The catalogue's placeholder for future products: it has no link in the bar. */
const PLACEHOLDER_PRODUCT_SLUG = 'other';

/** The top bar's public links: one per product, then Contact and Chat. */
export function primaryLinks(products: readonly Pick<Product, 'slug' | 'title'>[]): NavItem[] {
  return [
    ...products
      .filter((product) => product.slug !== PLACEHOLDER_PRODUCT_SLUG)
      .map((product) => ({ to: `/product/${product.slug}`, label: product.title })),
    { to: '/contact', label: 'Contact' },
    { to: '/chat', label: 'Chat' },
  ];
}

/** The public links from the served catalogue (the bundled one while it loads). */
export function usePrimaryLinks(): NavItem[] {
  return primaryLinks(useCatalogue());
}

export type AccountLinkId = 'dashboard' | 'admin' | 'resell';
export interface AccountLink extends NavItem {
  id: AccountLinkId;
}

/** The signed-in menu's links for a role; desktop and mobile show the same ones (docs/product.md#decisions). */
export function accountLinks(role: string | null | undefined): AccountLink[] {
  const links: AccountLink[] = [{ id: 'dashboard', to: '/user-dashboard', label: 'Dashboard' }];
  if (canSeeAdminPanel(role)) links.push({ id: 'admin', to: '/admin-panel', label: 'Admin Panel' });
  if (canSeeResellPanel(role))
    links.push({ id: 'resell', to: '/resell-panel', label: 'Resell Panel' });
  return links;
}
