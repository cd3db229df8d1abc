import type { Ticket } from '@stellar/shared';
import { LifeBuoy, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-client';
import { confirmTicketDelete, useDeleteTicket } from '@/features/tickets';
import { DateText } from './date-text';
import { SectionHeading } from './section-heading';

const priorityTone: Record<Ticket['priority'], BadgeTone> = {
  Low: 'neutral',
  Medium: 'warning',
  High: 'danger',
};

interface TicketsSectionProps {
  tickets: Ticket[] | undefined;
  isLoading: boolean;
}

/** The spec's "Your Tickets": each with a delete icon and a View Ticket link. */
export function TicketsSection({ tickets, isLoading }: TicketsSectionProps) {
  const deleteTicket = useDeleteTicket();
  const [error, setError] = useState<string | null>(null);

  const remove = async (ticket: Ticket) => {
    if (!confirmTicketDelete()) return;
    setError(null);
    try {
      await deleteTicket.mutateAsync(ticket._id);
    } catch (failure) {
      setError(getErrorMessage(failure));
    }
  };

  return (
    <section aria-labelledby="tickets-heading">
      <SectionHeading id="tickets-heading" count={tickets?.length}>
        Your Tickets
      </SectionHeading>
      {error && (
        <Alert tone="error" className="mb-3">
          {error}
        </Alert>
      )}
      {isLoading ? (
        <div role="status" aria-label="Loading your tickets" className="flex flex-col gap-3">
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-28" />
          ))}
        </div>
      ) : tickets && tickets.length > 0 ? (
        <ul className="flex flex-col gap-3">
          {tickets.map((ticket) => (
            <li key={ticket._id}>
              <TicketItem
                ticket={ticket}
                deleting={deleteTicket.isPending && deleteTicket.variables === ticket._id}
                onDelete={() => void remove(ticket)}
              />
            </li>
          ))}
        </ul>
      ) : tickets ? (
        <div className="flex flex-col items-center rounded-2xl border border-dashed border-line-strong px-6 py-10 text-center">
          <LifeBuoy aria-hidden="true" className="size-10 text-fg-subtle" />
          <p className="mt-3 font-semibold text-fg">You have no support tickets.</p>
          <p className="mt-1 text-sm text-fg-muted">Need help? Our team answers every ticket.</p>
          <Link
            to="/contact"
            className={buttonClasses({ variant: 'secondary', className: 'mt-5' })}
          >
            Contact Support
          </Link>
        </div>
      ) : null}
    </section>
  );
}

interface TicketItemProps {
  ticket: Ticket;
  deleting: boolean;
  onDelete: () => void;
}

function TicketItem({ ticket, deleting, onDelete }: TicketItemProps) {
  return (
    <Card className="p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold text-fg">{ticket.reason}</h3>
          <div className="mt-1.5 flex flex-wrap gap-1.5">
            <Badge tone={priorityTone[ticket.priority]}>{ticket.priority}</Badge>
            <Badge tone={ticket.status === 'open' ? 'accent' : 'neutral'}>
              {ticket.status === 'open' ? 'Open' : 'Closed'}
            </Badge>
            {ticket.escalated && <Badge tone="warning">Escalated</Badge>}
          </div>
        </div>
        <Button
          variant="ghost"
          size="sm"
          aria-label="Delete ticket"
          title="Delete ticket"
          onClick={onDelete}
          disabled={deleting}
          className="shrink-0 hover:text-danger"
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </Button>
      </div>
      <p className="mt-3 line-clamp-2 text-sm break-words text-fg-muted">{ticket.message}</p>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <p className="text-xs text-fg-subtle">
          Opened <DateText iso={ticket.createdAt} />
        </p>
        <Link
          to={`/ticket/${encodeURIComponent(ticket._id)}`}
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
        >
          View Ticket
        </Link>
      </div>
    </Card>
  );
}
