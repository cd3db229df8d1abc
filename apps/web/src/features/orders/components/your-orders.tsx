import { ChevronRight, ReceiptText, RefreshCw } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-client';
import { useOrders } from '../api/get-orders';
import { formatAmount, shortDate } from './order-details';
import { OrderStatusBadge } from './order-status-badge';

/** The dashboard's "Your orders": every order of the member, newest first, each to its page. */
export function YourOrders() {
  const orders = useOrders();
  const count = orders.data?.length ?? 0;
  return (
    <section aria-labelledby="orders-heading">
      <div className="mb-4 flex items-baseline gap-2">
        <h2 id="orders-heading" className="text-xl font-bold text-fg">
          Your orders
        </h2>
        {count > 0 && (
          <span className="rounded-full bg-surface-raised px-2 py-0.5 text-xs font-semibold text-fg-muted">
            {count}
          </span>
        )}
      </div>
      <Card className="overflow-hidden">
        {orders.isPending ? (
          <div role="status" aria-label="Loading your orders" className="flex flex-col gap-2 p-4">
            {[0, 1].map((i) => (
              <Skeleton key={i} className="h-14" />
            ))}
          </div>
        ) : orders.isError ? (
          <div className="p-4">
            <Alert tone="error" title="Your orders could not be loaded.">
              {getErrorMessage(orders.error)}
              <Button
                variant="secondary"
                size="sm"
                onClick={() => void orders.refetch()}
                className="mt-2"
              >
                <RefreshCw aria-hidden="true" className="size-4" />
                Try again
              </Button>
            </Alert>
          </div>
        ) : orders.data.length === 0 ? (
          <div className="flex flex-col items-center px-6 py-10 text-center">
            <ReceiptText aria-hidden="true" className="size-10 text-fg-subtle" />
            <p className="mt-3 font-semibold text-fg">No orders yet.</p>
            <p className="mt-1 max-w-md text-sm text-fg-muted">
              Plans you buy with crypto are listed here, with their payment status.
            </p>
          </div>
        ) : (
          <ul aria-label="Your orders, newest first">
            {orders.data.map((order) => (
              <li key={order._id} className="border-b border-line last:border-b-0">
                <Link
                  to={`/orders/${encodeURIComponent(order._id)}`}
                  className="flex items-center gap-3 px-5 py-3.5 transition-colors hover:bg-surface-hover focus-visible:bg-surface-hover"
                >
                  <span className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:items-center sm:gap-4">
                    <span className="min-w-0 flex-1">
                      <span className="block font-semibold text-fg">
                        {order.product} · {order.plan}
                      </span>
                      <span className="block text-xs text-fg-subtle">
                        <time dateTime={order.createdAt}>{shortDate(order.createdAt)}</time>
                      </span>
                    </span>
                    <span className="flex items-center gap-3">
                      <span className="text-sm font-semibold text-fg tabular-nums">
                        {formatAmount(order.amount, order.currency)}
                      </span>
                      <OrderStatusBadge status={order.status} />
                    </span>
                  </span>
                  <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-fg-subtle" />
                  <span className="sr-only">View order</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </section>
  );
}
