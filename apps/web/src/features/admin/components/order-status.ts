import type { AdminOrder } from '@stellar/shared';
import type { BadgeTone } from '@/components/ui/badge';

type Status = AdminOrder['status'];

/** How each order status reads and looks in the staff list. */
export const ORDER_STATUS: Record<Status, { label: string; tone: BadgeTone }> = {
  needs_attention: { label: 'Needs attention', tone: 'danger' },
  pending: { label: 'Pending', tone: 'neutral' },
  processing: { label: 'Processing', tone: 'accent' },
  paid: { label: 'Paid', tone: 'success' },
  expired: { label: 'Expired', tone: 'neutral' },
  refunded: { label: 'Refunded', tone: 'warning' },
};

/** What was bought: "Product · Plan", or "Balance top-up". */
export function orderItem(order: AdminOrder): string {
  if (order.kind === 'top_up') return 'Balance top-up';
  return [order.product ?? order.productId, order.plan].filter(Boolean).join(' · ');
}
