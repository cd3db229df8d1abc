import { formatDollars } from '@stellar/shared';
import { format, isValid, parseISO } from 'date-fns';
import type { ReactNode } from 'react';
import { CopyButton } from '@/components/ui/copy-button';
import type { Order } from '../api/order-schemas';

/** "12 Mar 2026, 14:05", or the raw text when it is not a date. */
export function shortDate(iso: string): string {
  const date = parseISO(iso);
  return isValid(date) ? format(date, 'd MMM yyyy, HH:mm') : iso;
}

/** An amount in the order's currency ("$25.00", or "25.00 EUR" for another currency). */
export function formatAmount(amount: number, currency: string): string {
  return currency === 'USD' ? formatDollars(amount) : `${amount.toFixed(2)} ${currency}`;
}

/** What was ordered: the facts a member checks against their wallet, with the order ID to copy. */
export function OrderDetails({ order }: { order: Order }) {
  return (
    <dl className="grid gap-4 text-sm sm:grid-cols-2">
      <Item term="Product">{order.product}</Item>
      <Item term="Plan">{order.plan}</Item>
      <Item term="Amount">
        <span className="tabular-nums">{formatAmount(order.amount, order.currency)}</span>
      </Item>
      <Item term="Coupon">{order.coupon ?? <span className="text-fg-muted">None</span>}</Item>
      <Item term="Created">
        <time dateTime={order.createdAt}>{shortDate(order.createdAt)}</time>
      </Item>
      {order.paidAt && (
        <Item term="Paid">
          <time dateTime={order.paidAt}>{shortDate(order.paidAt)}</time>
        </Item>
      )}
      <div className="sm:col-span-2">
        <dt className="text-fg-subtle">Order ID</dt>
        <dd className="mt-1 flex items-center gap-2">
          <code className="min-w-0 flex-1 font-mono text-xs break-all text-fg">{order._id}</code>
          <CopyButton value={order._id} label="Copy order ID" />
        </dd>
      </div>
    </dl>
  );
}

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-fg-subtle">{term}</dt>
      <dd className="mt-0.5 font-medium text-fg">{children}</dd>
    </div>
  );
}
