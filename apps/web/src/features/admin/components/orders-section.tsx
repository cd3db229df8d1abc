import { ADMIN_ORDER_STATUSES, formatDollars, type AdminOrder } from '@stellar/shared';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Select } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import { formatTimestamp } from '@/lib/format-timestamp';
import { useOrders, type OrderStatusFilter } from '../api/get-orders';
import { ORDER_STATUS, orderItem } from './order-status';
import { RefundDialog } from './refund-dialog';
import { EmptyState, SectionHeading } from './section-heading';
import type { Feedback } from './user-feedback';

const PAGE_SIZE = 20;

function OrderRow({ order, onRefund }: { order: AdminOrder; onRefund: () => void }) {
  const status = ORDER_STATUS[order.status];
  return (
    <Card className="flex flex-col gap-3 p-4 text-sm sm:flex-row sm:items-center sm:gap-4">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold break-all text-fg">{order.buyer.username}</span>
          <Badge tone={status.tone}>{status.label}</Badge>
        </div>
        <p className="mt-1 break-words text-fg-muted">
          {orderItem(order)}
          {order.coupon && <> · coupon {order.coupon}</>}
        </p>
        {order.status === 'needs_attention' && order.attentionReason && (
          <p className="mt-1 text-danger">{order.attentionReason}</p>
        )}
        {order.status === 'refunded' && order.refundReason && (
          <p className="mt-1 text-fg-subtle">Refunded: {order.refundReason}</p>
        )}
        <p className="mt-1 font-mono text-xs text-fg-subtle">
          Created <time dateTime={order.createdAt}>{formatTimestamp(order.createdAt)}</time>
          {order.invoiceId && <> · invoice {order.invoiceId}</>}
        </p>
      </div>
      <div className="flex items-center justify-between gap-3 sm:flex-col sm:items-end">
        <span className="text-base font-semibold text-fg">
          {formatDollars(order.amount)}{' '}
          <span className="text-xs text-fg-subtle">{order.currency}</span>
        </span>
        {order.status === 'paid' && (
          <Button
            variant="secondary"
            onClick={onRefund}
            aria-label={`Refund ${order.buyer.username}'s order`}
          >
            Refund
          </Button>
        )}
      </div>
    </Card>
  );
}

/** Orders: every purchase and top-up, the ones needing a person first; refunds. */
export function OrdersSection() {
  const statusId = useId();
  const [status, setStatus] = useState<OrderStatusFilter>('');
  const [page, setPage] = useState(1);
  const [refunding, setRefunding] = useState<AdminOrder | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const orders = useOrders({ status, page, pageSize: PAGE_SIZE });
  const list = orders.data;

  return (
    <>
      <SectionHeading
        title="Orders"
        description="Plan purchases and balance top-ups. Orders that need attention come first."
      />
      <div className="max-w-xs">
        <Label htmlFor={statusId}>Status</Label>
        <Select
          id={statusId}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as OrderStatusFilter);
            setPage(1);
          }}
          className="mt-1.5"
        >
          <option value="">All statuses</option>
          {ADMIN_ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {ORDER_STATUS[s].label}
            </option>
          ))}
        </Select>
      </div>

      {feedback && (
        <Alert tone={feedback.tone} className="mt-4">
          {feedback.text}
        </Alert>
      )}

      <div
        className="mt-4 flex min-h-6 items-center gap-2 text-sm text-fg-muted"
        aria-live="polite"
      >
        {list && `${list.total} ${list.total === 1 ? 'order' : 'orders'}`}
        {orders.isFetching && list && <Spinner className="size-4" label="Updating..." />}
      </div>

      <div className="mt-3">
        {orders.isPending ? (
          <div role="status" aria-label="Loading orders" className="flex flex-col gap-3">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-24" />
            ))}
          </div>
        ) : orders.isError ? (
          <Alert tone="error" title="The orders could not be loaded.">
            {getErrorMessage(orders.error)}
          </Alert>
        ) : orders.data.orders.length === 0 ? (
          <EmptyState>
            {status ? `No ${ORDER_STATUS[status].label.toLowerCase()} orders.` : 'No orders yet.'}
          </EmptyState>
        ) : (
          <ul className="flex flex-col gap-3" aria-label="Orders">
            {orders.data.orders.map((order) => (
              <li key={order._id}>
                <OrderRow order={order} onRefund={() => setRefunding(order)} />
              </li>
            ))}
          </ul>
        )}
      </div>

      {list && (
        <div className="mt-4">
          <Pagination
            label="Orders pages"
            page={page}
            pageSize={PAGE_SIZE}
            total={list.total}
            onPageChange={setPage}
          />
        </div>
      )}

      {refunding && (
        <RefundDialog
          key={refunding._id}
          order={refunding}
          open
          onOpenChange={(open) => {
            if (!open) setRefunding(null);
          }}
          onFeedback={setFeedback}
        />
      )}
    </>
  );
}
