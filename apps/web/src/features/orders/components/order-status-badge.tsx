import { Badge, type BadgeTone } from '@/components/ui/badge';
import type { OrderStatus } from '../api/order-schemas';

const LOOK: Record<OrderStatus, { tone: BadgeTone; label: string }> = {
  pending: { tone: 'accent', label: 'Waiting for payment' },
  processing: { tone: 'warning', label: 'Confirming' },
  paid: { tone: 'success', label: 'Paid' },
  expired: { tone: 'neutral', label: 'Expired' },
  refunded: { tone: 'neutral', label: 'Refunded' },
  needs_attention: { tone: 'danger', label: 'Needs attention' },
};

/** An order's or a top-up's status in words a member reads. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { tone, label } = LOOK[status];
  return (
    <Badge tone={tone}>
      <span className="sr-only">Status: </span>
      {label}
    </Badge>
  );
}
