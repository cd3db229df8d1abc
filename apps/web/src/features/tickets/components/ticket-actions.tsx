import type { CurrentUser, Ticket } from '@stellar/shared';
import { ArrowUpCircle, CircleCheck, RotateCcw, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import { cn } from '@/lib/class-names';
import { isStaff } from '@/lib/roles';
import { useCloseTicket } from '../api/close-ticket';
import { useDeleteTicket } from '../api/delete-ticket';
import { confirmTicketDelete } from './confirm-ticket-delete';
import { useEscalateTicket } from '../api/escalate-ticket';
import { useReopenTicket } from '../api/reopen-ticket';

interface TicketActionsProps {
  ticket: Ticket;
  user: Pick<CurrentUser, 'role'> | null;
  /** After a confirmed, successful delete. */
  onDeleted: () => void;
  className?: string;
  size?: 'sm' | 'md';
}

/**
 * Escalate (staff, until escalated), Close or Reopen (the owner or staff, who are the only ones who
 * can see the ticket), and Delete Ticket after a confirmation.
 */
export function TicketActions({
  ticket,
  user,
  onDeleted,
  className,
  size = 'sm',
}: TicketActionsProps) {
  const [error, setError] = useState<string | null>(null);
  const escalate = useEscalateTicket();
  const close = useCloseTicket();
  const reopen = useReopenTicket();
  const remove = useDeleteTicket();
  const buttons = useRef<HTMLDivElement>(null);
  const busy = escalate.isPending || close.isPending || reopen.isPending || remove.isPending;

  const run = async (action: () => Promise<unknown>) => {
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(getErrorMessage(failure));
    }
  };

  const onDelete = () => {
    if (!confirmTicketDelete()) return;
    void run(async () => {
      await remove.mutateAsync(ticket._id);
      onDeleted();
    });
  };

  const pendingIcon = <Spinner className="size-4" />;
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <div ref={buttons} className="flex flex-wrap gap-2">
        {isStaff(user?.role) && !ticket.escalated && (
          <Button
            variant="secondary"
            size={size}
            disabled={busy}
            onClick={() =>
              void run(async () => {
                await escalate.mutateAsync(ticket._id);
                // The button goes away once escalated: keep focus in the action bar.
                buttons.current?.querySelector('button')?.focus();
              })
            }
          >
            {escalate.isPending ? (
              pendingIcon
            ) : (
              <ArrowUpCircle aria-hidden="true" className="size-4" />
            )}
            Escalate
          </Button>
        )}
        {ticket.status === 'open' ? (
          <Button
            variant="secondary"
            size={size}
            disabled={busy}
            onClick={() => void run(() => close.mutateAsync(ticket._id))}
          >
            {close.isPending ? pendingIcon : <CircleCheck aria-hidden="true" className="size-4" />}
            Close Ticket
          </Button>
        ) : (
          <Button
            variant="secondary"
            size={size}
            disabled={busy}
            onClick={() => void run(() => reopen.mutateAsync(ticket._id))}
          >
            {reopen.isPending ? pendingIcon : <RotateCcw aria-hidden="true" className="size-4" />}
            Reopen Ticket
          </Button>
        )}
        <Button
          variant="secondary"
          size={size}
          disabled={busy}
          onClick={onDelete}
          className="text-danger hover:border-danger/60 hover:text-danger"
        >
          {remove.isPending ? pendingIcon : <Trash2 aria-hidden="true" className="size-4" />}
          Delete Ticket
        </Button>
      </div>
      {error && <Alert tone="error">{error}</Alert>}
    </div>
  );
}
