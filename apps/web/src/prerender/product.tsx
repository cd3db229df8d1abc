import { ProductRoute } from '@/features/products/routes/product';
import { createQueryClient } from '@/lib/query-client';
import { seedPageData, type PageData } from './page-data';
import { renderBranch } from './render-branch';

/**
 * A product page's markup as a signed-out visit renders it once the catalogue and the maintenance
 * map have arrived (`data`), for the server to send (apps/server/src/plugins/product-pages.ts) and
 * main.tsx to hydrate with the same answers (page-data.ts). The route tree is the client's
 * `/product/:slug` branch only, at the same positions.
 */
export function renderProduct(data: PageData, slug: string): string {
  const queryClient = createQueryClient();
  seedPageData(queryClient, data);
  return renderBranch(
    `/product/${encodeURIComponent(slug)}`,
    { path: 'product/:slug', Component: ProductRoute },
    queryClient,
  );
}
