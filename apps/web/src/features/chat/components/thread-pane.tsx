import { TICKET_NOT_FOUND, type CurrentUser } from '@stellar/shared';
import { ArrowLeft, ExternalLink } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';
import { LoadingState } from '@/components/ui/spinner';
import {
  LOAD_FAILED,
  TicketActions,
  TicketBadges,
  TicketConversation,
  ticketNumber,
  useTicket,
} from '@/features/tickets';

interface ThreadPaneProps {
  ticketId: string;
  user: Pick<CurrentUser, '_id' | 'username' | 'role'> | null;
  /** Where the phone layout's back button leads (the list). */
  backHref: string;
  onDeleted: () => void;
  /** Move focus to the conversation once it shows (it was opened from the list). */
  autoFocus: boolean;
}

/** The selected conversation: its header and actions, then the live thread filling the pane. */
export function ThreadPane({ ticketId, user, backHref, onDeleted, autoFocus }: ThreadPaneProps) {
  const ticket = useTicket(ticketId);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shown = !ticket.isPending;
  useEffect(() => {
    if (autoFocus && shown) headingRef.current?.focus();
  }, [autoFocus, shown]);
  const back = (
    <Link
      to={backHref}
      className={buttonClasses({
        variant: 'ghost',
        size: 'sm',
        className: '-ml-2 self-start md:hidden',
      })}
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to conversations
    </Link>
  );

  if (ticket.isPending) return <LoadingState label="Loading conversation..." className="flex-1" />;
  if (ticket.isError || !ticket.data) {
    return (
      <div className="flex flex-col items-start gap-3 p-4 sm:p-6">
        {back}
        <h2 ref={headingRef} tabIndex={-1} className="sr-only">
          Conversation
        </h2>
        <Alert tone="error">{ticket.isError ? LOAD_FAILED : TICKET_NOT_FOUND}</Alert>
      </div>
    );
  }

  const data = ticket.data;
  return (
    // Scrolls as a whole only when a short window cannot fit the header, thread and composer.
    <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto p-3 sm:p-5">
      <header className="flex flex-col gap-3 border-b border-line pb-4">
        {back}
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h2
              ref={headingRef}
              tabIndex={-1}
              className="text-lg font-semibold break-words text-fg outline-none"
            >
              {data.reason}
              {user?._id !== data.userId && (
                <span className="font-normal text-fg-muted"> · {data.username}</span>
              )}
            </h2>
            <p className="mt-0.5 text-xs text-fg-subtle">Ticket {ticketNumber(data._id)}</p>
          </div>
          <Link
            to={`/ticket/${encodeURIComponent(data._id)}`}
            className={buttonClasses({ variant: 'ghost', size: 'sm' })}
          >
            <ExternalLink aria-hidden="true" className="size-4" />
            Ticket page
          </Link>
        </div>
        <p className="line-clamp-2 text-sm break-words whitespace-pre-wrap text-fg-muted">
          {data.message}
        </p>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <TicketBadges ticket={data} />
          <TicketActions ticket={data} user={user} onDeleted={onDeleted} />
        </div>
      </header>
      <TicketConversation
        ticket={data}
        user={user}
        className="flex-1"
        listClassName="min-h-40 max-h-[60dvh] flex-1 md:max-h-none"
      />
    </div>
  );
}
