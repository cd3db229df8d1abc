import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { IntegrationsSection } from '@/features/integrations';
import { hasAnyRole } from '@/lib/roles';
import { useCurrentUser } from '@/lib/auth';
import { useResellerOverview } from '../api/get-reseller-overview';
import { BalanceCard } from '../components/balance-card';
import { GenerateKeysForm } from '../components/generate-keys-form';
import { GeneratedKeysBox, type GeneratedBatch } from '../components/generated-keys-box';
import { KeyHistory } from '../components/key-history';
import { TopUpCard } from '../components/top-up-card';
import { TopUpHistory } from '../components/top-up-history';

export const PRODUCTS_FORMAT_ERROR = 'Error: Products data is not in expected format.';

/** /resell-panel: Reseller, Admin and Owner (the route guard checks the role). */
export function ResellPanelRoute() {
  const { user } = useCurrentUser();
  const [page, setPage] = useState(1);
  const [batch, setBatch] = useState<GeneratedBatch | null>(null);
  const overview = useResellerOverview(page);
  // Only a Reseller pays (docs/product.md#roles-and-permissions); other roles get no balance check on the client.
  const pays = hasAnyRole(user?.role, ['Reseller']);
  const data = overview.data;

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <title>Resell Panel · Stellar</title>
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight text-fg sm:text-4xl">Resell Panel</h1>
        <p className="mt-2 text-lg text-fg-muted">
          Generate licence keys for your customers and follow which ones were redeemed.
        </p>
      </header>

      {overview.isError && !data ? (
        <Alert tone="error" className="mt-8" title={PRODUCTS_FORMAT_ERROR}>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void overview.refetch()}
            className="mt-2"
          >
            <RefreshCw aria-hidden="true" className="size-4" />
            Try again
          </Button>
        </Alert>
      ) : (
        <div className="mt-8 grid gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
          <div className="flex flex-col gap-6 lg:sticky lg:top-24 lg:self-start">
            <BalanceCard balance={data?.balance} keysGenerated={data?.keys.total} free={!pays} />
            {pays && <TopUpCard />}
          </div>
          <div className="flex min-w-0 flex-col gap-6">
            {data ? (
              <GenerateKeysForm
                products={data.products}
                balance={data.balance}
                pays={pays}
                onGenerated={(next) => {
                  setBatch(next);
                  setPage(1);
                }}
              />
            ) : (
              <Card role="status" aria-label="Loading products" className="flex flex-col gap-5 p-6">
                <Skeleton className="h-6 w-40" />
                <Skeleton className="h-11 w-full" />
                <Skeleton className="h-24 w-full" />
                <Skeleton className="h-11 w-40" />
              </Card>
            )}
            {batch && <GeneratedKeysBox batch={batch} />}
          </div>
        </div>
      )}

      {!(overview.isError && !data) && (
        <div className="mt-10">
          <KeyHistory keys={data?.keys} isFetching={overview.isPlaceholderData} onPage={setPage} />
        </div>
      )}
      {pays && !(overview.isError && !data) && (
        <div className="mt-10">
          <TopUpHistory topUps={data?.topUps} />
        </div>
      )}
      <div className="mt-10">
        <IntegrationsSection staff={!pays} />
      </div>
    </div>
  );
}
