import type { MaintenanceStatus, Product } from '@stellar/shared';
import type { QueryClient } from '@tanstack/react-query';
import { maintenanceStatusQueryOptions } from '@/features/maintenance';
import { productsQueryOptions } from '@/features/products/api/get-products';

/**
 * The answers a server-rendered page was rendered with (the catalogue and the maintenance map), sent
 * in its `#root[data-page]` attribute so that the browser's first render is the server's, which
 * hydration needs. An attribute, not an inline script: the CSP allows scripts from 'self' only.
 */
export interface PageData {
  products: Product[];
  maintenance: MaintenanceStatus;
}

/** Puts the page's answers in the query cache, as fresh as if just fetched. */
export function seedPageData(client: QueryClient, data: PageData): void {
  client.setQueryData(productsQueryOptions().queryKey, data.products);
  client.setQueryData(maintenanceStatusQueryOptions().queryKey, data.maintenance);
}

/** The answers a server-rendered page carries (written by the server), or null. */
export function readPageData(container: HTMLElement): PageData | null {
  const text = container.dataset.page;
  return text ? (JSON.parse(text) as PageData) : null;
}
