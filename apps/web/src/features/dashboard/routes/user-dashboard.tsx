import { RefreshCw } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentUser } from '@/lib/auth';
import { YourOrders } from '@/features/orders';
import { useTickets } from '@/features/tickets';
import { useOwnedProducts } from '../api/get-owned-products';
import { AccountCard } from '../components/account-card';
import { OwnedProductsSection } from '../components/owned-products-section';
import { RedeemKeyCard } from '../components/redeem-key-card';
import { TicketsSection } from '../components/tickets-section';
import { TwoFactorControl } from '../components/two-factor-control';

export const DASHBOARD_LOAD_ERROR = 'Failed to load user, tickets, or products data.';

/** /user-dashboard: any signed-in user (the route guard has loaded the user). */
export function UserDashboardRoute() {
  const { user, error: userError } = useCurrentUser();
  const products = useOwnedProducts();
  // The server scopes a member's list to their own; staff would get every ticket, so ask by id.
  const tickets = useTickets({ userId: user?._id }, { enabled: Boolean(user?._id) });
  const failed = Boolean(userError) || products.isError || tickets.isError;

  const retry = () => {
    if (products.isError) void products.refetch();
    if (tickets.isError) void tickets.refetch();
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <title>Dashboard · Stellar</title>
      <header className="flex flex-col gap-5 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-3xl font-extrabold tracking-tight text-fg sm:text-4xl">Dashboard</h1>
          {user ? (
            <p className="mt-2 flex flex-wrap items-center gap-2 text-lg text-fg-muted">
              <span>
                Welcome,{' '}
                <strong className="font-semibold break-all text-fg">{user.username}</strong>
              </span>
              <Badge tone="accent">
                <span className="sr-only">Role: </span>
                {user.role}
              </Badge>
            </p>
          ) : (
            <Skeleton className="mt-3 h-6 w-56" />
          )}
        </div>
        {user && <TwoFactorControl enabled={user.twoFactorEnabled} />}
      </header>

      {failed && (
        <Alert tone="error" className="mt-8" title={DASHBOARD_LOAD_ERROR}>
          <Button variant="secondary" size="sm" onClick={retry} className="mt-2">
            <RefreshCw aria-hidden="true" className="size-4" />
            Try again
          </Button>
        </Alert>
      )}

      <div className="mt-8 flex flex-col gap-10">
        <RedeemKeyCard />
        <OwnedProductsSection products={products.data} isLoading={products.isPending} />
        <YourOrders />
        <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_24rem]">
          <TicketsSection tickets={tickets.data} isLoading={tickets.isPending} />
          {user && <AccountCard twoFactorEnabled={user.twoFactorEnabled} />}
        </div>
      </div>
    </div>
  );
}
