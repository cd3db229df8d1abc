import type { CurrentUser, Ticket } from '@stellar/shared';
import { useEffect } from 'react';
import { Alert } from '@/components/ui/alert';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/class-names';
import { useChats } from '../api/get-chats';
import { useMarkTicketRead } from '../api/mark-ticket-read';
import { useLiveTicket } from '../realtime/use-realtime';
import { ChatMessages } from './chat-messages';
import { LiveStatus } from './live-status';
import { MessageComposer } from './message-composer';

/** The spec's load failure text. */
export const LOAD_FAILED = 'Failed to load ticket details.';

interface TicketConversationProps {
  ticket: Ticket;
  user: Pick<CurrentUser, '_id' | 'username' | 'role'> | null;
  /** Classes of the scrolling message list (its height). */
  listClassName?: string;
  className?: string;
}

/**
 * A ticket's live chat: the thread, the composer, the connection status. Opening it (and every
 * new message while it is open) marks the thread read.
 */
export function TicketConversation({
  ticket,
  user,
  listClassName,
  className,
}: TicketConversationProps) {
  const ticketId = ticket._id;
  const chats = useChats(ticketId);
  const status = useLiveTicket(ticketId);
  const { mutate: markRead } = useMarkTicketRead();
  const newest = chats.data?.at(-1)?._id;

  useEffect(() => {
    if (chats.isSuccess) markRead(ticketId);
  }, [ticketId, newest, chats.isSuccess, markRead]);

  const viewerIsOwner = user?._id === ticket.userId;
  const hint =
    ticket.status === 'closed'
      ? viewerIsOwner
        ? 'This ticket is closed. Replying reopens it.'
        : 'This ticket is closed.'
      : undefined;

  return (
    <section aria-label="Conversation" className={cn('flex min-h-0 flex-col gap-3', className)}>
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-semibold text-fg">Conversation</h2>
        <LiveStatus status={status} />
      </div>
      {chats.isPending ? (
        <div className={cn('flex flex-col gap-3 rounded-xl border border-line p-4', listClassName)}>
          <Skeleton className="h-14 w-2/3" />
          <Skeleton className="ml-auto h-14 w-1/2" />
          <Skeleton className="h-14 w-3/5" />
        </div>
      ) : chats.isError ? (
        <Alert tone="error">{LOAD_FAILED}</Alert>
      ) : (
        <ChatMessages
          messages={chats.data}
          ownerName={ticket.username}
          viewerIsOwner={viewerIsOwner}
          className={listClassName}
        />
      )}
      <MessageComposer ticketId={ticketId} user={user} hint={hint} />
    </section>
  );
}
