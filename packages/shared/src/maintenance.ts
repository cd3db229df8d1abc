import type { MaintenancePage } from './constants';

// Which maintenance switch covers a route (docs/product.md#decisions). A product's page and its
// checkout share the product's switch. The web app's gate and the server's product page renderer
// both decide with these.
const EXACT: Record<string, MaintenancePage> = {
  '/chat': 'chat',
  '/user-dashboard': 'user-dashboard',
  '/resell-panel': 'resell-panel',
  '/contact': 'contact',
};
const PRODUCT_PAGES: Record<string, MaintenancePage> = {
  'stellar-launcher': 'stellar-launcher',
  'clothing-bot': 'clothing-bot',
  other: 'other',
};
const PRODUCT_ROUTE = /^\/(?:product|checkout)\/([^/]+)$/;

/** The maintenance page of a product (by its slug), or null when no switch covers it. */
export function maintenancePageOfProduct(slug: string): MaintenancePage | null {
  return Object.hasOwn(PRODUCT_PAGES, slug) ? PRODUCT_PAGES[slug]! : null;
}

/** The maintenance page name for a pathname, or null when no switch covers it. */
export function maintenancePageFor(pathname: string): MaintenancePage | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const exact = EXACT[path];
  if (exact) return exact;
  const slug = PRODUCT_ROUTE.exec(path)?.[1];
  if (!slug) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(slug);
  } catch {
    return null;
  }
  return maintenancePageOfProduct(decoded);
}
