import { TICKET_NOT_FOUND } from '@stellar/shared';
import { useIsMutating } from '@tanstack/react-query';
import { ArrowLeft, MessagesSquare } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadingState } from '@/components/ui/spinner';
import { useCurrentUser } from '@/lib/auth';
import { deleteTicketMutationKey } from '../api/delete-ticket';
import { useTicket } from '../api/get-ticket';
import { TicketActions } from '../components/ticket-actions';
import { ticketNumber } from '../components/ticket-badges';
import { LOAD_FAILED, TicketConversation } from '../components/ticket-conversation';
import { TicketSummary } from '../components/ticket-summary';

function NotFound({ message }: { message: string }) {
  return (
    <div className="flex flex-col items-start gap-4">
      <h1 className="text-3xl font-bold tracking-tight text-fg">Ticket</h1>
      <Alert tone="error">{message}</Alert>
      <div className="flex flex-wrap gap-2">
        <Link to="/user-dashboard" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to dashboard
        </Link>
        <Link to="/chat" className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
          <MessagesSquare aria-hidden="true" className="size-4" />
          Support chat
        </Link>
      </div>
    </div>
  );
}

/** /ticket/{ticketId}: the ticket's information and its live chat thread. */
export function TicketRoute() {
  const { ticketId = '' } = useParams();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const ticket = useTicket(ticketId);
  const [deletedHere, setDeletedHere] = useState(false);
  const deleting =
    useIsMutating({
      mutationKey: deleteTicketMutationKey,
      predicate: (mutation) => mutation.state.variables === ticketId,
    }) > 0;

  const onDeleted = () => {
    setDeletedHere(true);
    void navigate('/user-dashboard', { replace: true });
  };

  let content;
  if (deleting || deletedHere) content = <LoadingState label="Deleting ticket..." />;
  else if (ticket.isPending) content = <LoadingState label="Loading ticket..." />;
  else if (ticket.isError) content = <NotFound message={LOAD_FAILED} />;
  else if (!ticket.data) content = <NotFound message={TICKET_NOT_FOUND} />;
  else {
    const data = ticket.data;
    content = (
      <>
        <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="min-w-0">
            <p className="text-sm font-semibold tracking-widest text-accent-text uppercase">
              Ticket {ticketNumber(data._id)}
            </p>
            <h1 className="mt-2 text-3xl font-bold tracking-tight break-words text-fg">
              {data.reason}
            </h1>
          </div>
          <TicketActions ticket={data} user={user} onDeleted={onDeleted} />
        </header>
        <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <aside aria-label="Ticket information" className="lg:order-last">
            <TicketSummary ticket={data} />
          </aside>
          <Card className="p-4 sm:p-6">
            <TicketConversation ticket={data} user={user} listClassName="max-h-96 min-h-48" />
          </Card>
        </div>
      </>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <title>Ticket · Stellar</title>
      {content}
    </div>
  );
}
