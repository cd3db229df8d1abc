import { productListSchema } from '@stellar/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ApiKeysCard } from './api-keys-card';
import { WebhooksCard } from './webhooks-card';

/**
 * "API keys" and "Webhooks" for the reseller panel and the admin panel. Staff (Admin, Owner) may
 * subscribe to every event; a Reseller only to its own keys and balance.
 */
export function IntegrationsSection({ staff }: { staff: boolean }) {
  const products = useQuery({
    queryKey: ['integrations', 'products'],
    queryFn: ({ signal }) => api.get('/products', { schema: productListSchema, signal }),
    staleTime: 5 * 60_000,
  });
  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <ApiKeysCard products={products.data ?? []} />
      <WebhooksCard staff={staff} />
    </div>
  );
}
