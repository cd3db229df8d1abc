import type { Ticket } from '@stellar/shared';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { formatTimestamp } from '@/lib/format-timestamp';
import { PriorityBadge, TicketBadges } from './ticket-badges';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-fg-subtle uppercase">{label}</dt>
      <dd className="mt-1 text-sm break-words text-fg">{children}</dd>
    </div>
  );
}

/** The ticket information: the member's message and its details. */
export function TicketSummary({ ticket }: { ticket: Ticket }) {
  return (
    <Card className="flex flex-col gap-5 p-5 sm:p-6">
      <div>
        <h2 className="text-sm font-semibold text-fg">Message</h2>
        <p className="mt-2 text-sm leading-relaxed break-words whitespace-pre-wrap text-fg-muted">
          {ticket.message}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-4">
        <Detail label="Status">
          <TicketBadges ticket={ticket} priority={false} />
        </Detail>
        <Detail label="Priority">
          <PriorityBadge priority={ticket.priority} />
        </Detail>
        <Detail label="Reason">{ticket.reason}</Detail>
        <Detail label="Opened by">{ticket.username}</Detail>
        <Detail label="Transaction ID">
          {ticket.transactionId ? (
            <span className="font-mono text-xs">{ticket.transactionId}</span>
          ) : (
            <span className="text-fg-subtle">None</span>
          )}
        </Detail>
        <Detail label="Created">
          <time dateTime={ticket.createdAt} className="tabular-nums">
            {formatTimestamp(ticket.createdAt)}
          </time>
        </Detail>
      </dl>
    </Card>
  );
}
