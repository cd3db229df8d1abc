import type { Ticket } from '@stellar/shared';
import { Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-client';
import { chatSearch, type ChatParams } from './chat-params';
import { ConversationItem } from './conversation-item';

/** The member's empty state (docs/product.md#decisions). */
export const NO_CONVERSATIONS = 'No conversations yet. Start one and our team will answer here.';

interface ConversationListProps {
  label: string;
  tickets: Ticket[] | undefined;
  isPending: boolean;
  error: unknown;
  params: ChatParams;
  emptyText: string;
  /** Shown under the empty text (the New conversation button). */
  emptyAction?: ReactNode;
}

export function ConversationList({
  label,
  tickets,
  isPending,
  error,
  params,
  emptyText,
  emptyAction,
}: ConversationListProps) {
  if (isPending) {
    return (
      <div role="status" aria-label="Loading conversations" className="flex flex-col gap-3 p-3">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} className="h-16" />
        ))}
      </div>
    );
  }
  if (error) return <Alert className="m-3">{getErrorMessage(error)}</Alert>;
  if (!tickets?.length) {
    return (
      <div className="flex flex-col items-center gap-4 px-6 py-12 text-center">
        <Inbox aria-hidden="true" className="size-8 text-fg-subtle" />
        <p className="text-sm text-fg-muted">{emptyText}</p>
        {emptyAction}
      </div>
    );
  }
  return (
    <ul aria-label={label} className="flex flex-col gap-1 p-2">
      {tickets.map((ticket) => (
        <ConversationItem
          key={ticket._id}
          ticket={ticket}
          href={`/chat${chatSearch(params, { ticketId: ticket._id })}`}
          selected={ticket._id === params.ticketId}
          showOwner={params.staff}
        />
      ))}
    </ul>
  );
}
