import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from '@/app/app';
import { AppRoutes } from '@/app/routing/app-routes';
import { AppShell } from '@/app/shell/app-shell';
import { ProductRoute } from '@/features/products/routes/product';
import { createQueryClient } from '@/lib/query-client';
import { seedPageData, type PageData } from './page-data';

/**
 * A product page's markup as a signed-out visit renders it once the catalogue and the maintenance
 * map have arrived (`data`), for the server to send (apps/server/src/plugins/product-pages.ts) and
 * main.tsx to hydrate with the same answers (page-data.ts). The route tree is the client's
 * `/product/:slug` branch only, at the same positions.
 */
export function renderProduct(data: PageData, slug: string): string {
  const queryClient = createQueryClient();
  seedPageData(queryClient, data);
  return renderToString(
    <StrictMode>
      <App queryClient={queryClient}>
        <StaticRouter location={`/product/${encodeURIComponent(slug)}`}>
          <AppRoutes
            routes={[
              {
                path: '/',
                Component: AppShell,
                children: [{ path: 'product/:slug', Component: ProductRoute }],
              },
            ]}
          />
        </StaticRouter>
      </App>
    </StrictMode>,
  );
}
