import type { Ticket } from '@stellar/shared';
import { ArrowUpCircle } from 'lucide-react';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const PRIORITY_TONE: Record<Ticket['priority'], BadgeTone> = {
  Low: 'neutral',
  Medium: 'warning',
  High: 'danger',
};

export function StatusBadge({ status }: { status: Ticket['status'] }) {
  return (
    <Badge tone={status === 'open' ? 'success' : 'neutral'}>
      {status === 'open' ? 'Open' : 'Closed'}
    </Badge>
  );
}

export function EscalatedBadge() {
  return (
    <Badge tone="danger">
      <ArrowUpCircle aria-hidden="true" className="size-3.5" />
      Escalated
    </Badge>
  );
}

export function PriorityBadge({ priority }: { priority: Ticket['priority'] }) {
  return <Badge tone={PRIORITY_TONE[priority]}>{priority} priority</Badge>;
}

/** Status, escalation and priority of a ticket, in that order. */
export function TicketBadges({ ticket, priority = true }: { ticket: Ticket; priority?: boolean }) {
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <StatusBadge status={ticket.status} />
      {ticket.escalated && <EscalatedBadge />}
      {priority && <PriorityBadge priority={ticket.priority} />}
    </div>
  );
}

/** A short, stable label for a ticket: "#" and the first 8 characters of its id. */
export const ticketNumber = (ticketId: string) => `#${ticketId.slice(0, 8)}`;
