import { MAIN_PRODUCT_SLUG } from '@stellar/shared';
import { canSeeAdminPanel, canSeeResellPanel } from '../../lib/roles';

export interface NavItem {
  to: string;
  label: string;
}

/** The top bar's public links (spec section 2, Shell). */
export const PRIMARY_LINKS: readonly NavItem[] = [
  { to: `/product/${MAIN_PRODUCT_SLUG}`, label: 'Stellar Launcher' },
  { to: '/product/clothing-bot', label: 'Clothing Bot' },
  { to: '/contact', label: 'Contact' },
  { to: '/chat', label: 'Chat' },
];

export type AccountLinkId = 'dashboard' | 'admin' | 'resell';
export interface AccountLink extends NavItem {
  id: AccountLinkId;
}

/** The signed-in menu's links for a role; desktop and mobile show the same ones (DESIGN section 8). */
export function accountLinks(role: string | null | undefined): AccountLink[] {
  const links: AccountLink[] = [{ id: 'dashboard', to: '/user-dashboard', label: 'Dashboard' }];
  if (canSeeAdminPanel(role)) links.push({ id: 'admin', to: '/admin-panel', label: 'Admin Panel' });
  if (canSeeResellPanel(role))
    links.push({ id: 'resell', to: '/resell-panel', label: 'Resell Panel' });
  return links;
}
