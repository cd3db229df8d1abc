import { PackageX, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, getErrorMessage } from '@/lib/api-client';
import { isOpenStatus, useOrder } from '../api/get-order';
import { OrderDetails } from '../components/order-details';
import { OrderState } from '../components/order-state';
import { OrderStatusBadge } from '../components/order-status-badge';
import { TestModeBanner } from '../components/test-mode-banner';

export const ORDER_NOT_FOUND = 'Order not found';

/** /orders/:orderId: where BTCPay sends the member back; follows the payment without a reload. */
export function OrderRoute() {
  const { orderId = '' } = useParams();
  const order = useOrder(orderId);

  if (order.isPending) {
    return (
      <Page>
        <Card role="status" aria-label="Loading your order" className="flex flex-col gap-4 p-6">
          <Skeleton className="h-7 w-64 max-w-full" />
          <Skeleton className="h-5 w-96 max-w-full" />
          <Skeleton className="h-32 w-full" />
        </Card>
      </Page>
    );
  }
  if (order.isError) {
    if (order.error instanceof ApiError && order.error.status === 404) {
      return (
        <Page>
          <div className="flex flex-col items-center py-10 text-center">
            <PackageX aria-hidden="true" className="size-12 text-fg-subtle" />
            <h1 className="mt-6 text-3xl font-bold tracking-tight text-fg">{ORDER_NOT_FOUND}</h1>
            <p className="mt-3 text-fg-muted">There is no order with this ID on your account.</p>
            <Link
              to="/user-dashboard"
              className={buttonClasses({ variant: 'secondary', className: 'mt-8' })}
            >
              Go to your dashboard
            </Link>
          </div>
        </Page>
      );
    }
    return (
      <Page>
        <Alert tone="error" title="Your order could not be loaded.">
          {getErrorMessage(order.error)}
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void order.refetch()}
            className="mt-3"
          >
            <RefreshCw aria-hidden="true" className="size-4" />
            Try again
          </Button>
        </Alert>
      </Page>
    );
  }

  const data = order.data;
  return (
    <Page>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-semibold tracking-widest text-accent-text uppercase">Order</p>
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-fg sm:text-4xl">
            {data.product}
            <span className="text-fg-muted"> · {data.plan}</span>
          </h1>
        </div>
        <OrderStatusBadge status={data.status} />
      </header>
      <Card className="mt-8 p-5 sm:p-6">
        <OrderState order={data} />
      </Card>
      <Card className="mt-6 p-5 sm:p-6">
        <h2 className="mb-4 text-lg font-bold text-fg">Details</h2>
        <OrderDetails order={data} />
      </Card>
      {isOpenStatus(data.status) && (
        <p className="mt-4 text-center text-xs text-fg-subtle">
          Checking for your payment every few seconds.
        </p>
      )}
    </Page>
  );
}

function Page({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <title>Your order · Stellar</title>
      <TestModeBanner className="mb-6" />
      {children}
    </div>
  );
}
