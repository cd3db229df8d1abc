import type { Ticket } from '@stellar/shared';
import { ArrowUpCircle, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatTimestamp } from '@/lib/format-timestamp';
import { DELETE_TICKET_QUESTION, useDeleteTicket, useEscalateTicket } from '@/features/tickets';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { reportAdminError } from './report-admin-error';

const PRIORITY_TONE: Record<Ticket['priority'], BadgeTone> = {
  Low: 'neutral',
  Medium: 'warning',
  High: 'danger',
};

interface TicketRowProps {
  ticket: Ticket;
  onError: (message: string) => void;
}

/** A ticket in the staff list: opens /ticket/{id}; Escalate (until escalated) and Delete. */
export function TicketRow({ ticket, onError }: TicketRowProps) {
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const escalate = useEscalateTicket();
  const remove = useDeleteTicket();
  const time = ticket.lastMessageAt ?? ticket.updatedAt ?? ticket.createdAt;

  const onEscalate = async () => {
    try {
      await escalate.mutateAsync(ticket._id);
    } catch (error) {
      onError(reportAdminError(`escalate ticket ${ticket._id}`, error));
    }
  };
  const onDelete = async () => {
    setDeleteError(null);
    try {
      await remove.mutateAsync(ticket._id);
      setConfirmOpen(false);
    } catch (error) {
      setDeleteError(reportAdminError(`delete ticket ${ticket._id}`, error));
    }
  };

  return (
    <Card className="relative flex flex-col gap-3 p-4 transition-colors focus-within:border-accent-text/60 hover:border-line-strong sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="min-w-0 font-semibold text-fg">
            {/* The stretched link makes the whole card open the ticket; the buttons sit above it. */}
            <Link
              to={`/ticket/${encodeURIComponent(ticket._id)}`}
              className="after:absolute after:inset-0 after:rounded-2xl after:content-['']"
            >
              {ticket.reason}{' '}
              <span className="font-normal text-fg-muted">from {ticket.username}</span>
            </Link>
          </h3>
        </div>
        <p className="mt-1 line-clamp-2 text-sm break-words text-fg-muted">{ticket.message}</p>
        <div className="mt-2 flex flex-wrap items-center gap-1.5">
          <Badge tone={PRIORITY_TONE[ticket.priority]}>{ticket.priority}</Badge>
          <Badge tone={ticket.status === 'open' ? 'success' : 'neutral'}>
            {ticket.status === 'open' ? 'Open' : 'Closed'}
          </Badge>
          {ticket.escalated && <Badge tone="danger">Escalated</Badge>}
          {ticket.unread ? <Badge tone="accent">{ticket.unread} unread</Badge> : null}
          <span className="text-xs text-fg-subtle">
            <time dateTime={time}>{formatTimestamp(time)}</time>
          </span>
        </div>
      </div>
      <div className="relative z-10 flex shrink-0 gap-2">
        {!ticket.escalated && (
          <Button variant="secondary" size="sm" onClick={onEscalate} disabled={escalate.isPending}>
            {escalate.isPending ? (
              <Spinner className="size-4" />
            ) : (
              <ArrowUpCircle aria-hidden="true" className="size-4" />
            )}
            Escalate
            <span className="sr-only"> ticket from {ticket.username}</span>
          </Button>
        )}
        <Button variant="secondary" size="sm" onClick={() => setConfirmOpen(true)}>
          <Trash2 aria-hidden="true" className="size-4" />
          Delete
          <span className="sr-only"> ticket from {ticket.username}</span>
        </Button>
      </div>
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title="Delete ticket"
        description={DELETE_TICKET_QUESTION}
        confirmLabel="Delete"
        onConfirm={onDelete}
        pending={remove.isPending}
        error={deleteError}
      />
    </Card>
  );
}
