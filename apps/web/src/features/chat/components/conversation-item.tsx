import type { Ticket } from '@stellar/shared';
import { format, isValid } from 'date-fns';
import { Link } from 'react-router';
import { cn } from '@/lib/class-names';
import { EscalatedBadge, StatusBadge } from '@/features/tickets';

function shortTime(value: string): string {
  const date = new Date(value);
  if (!isValid(date)) return '';
  const today = new Date().toDateString() === date.toDateString();
  return format(date, today ? 'HH:mm' : 'MMM d');
}

interface ConversationItemProps {
  ticket: Ticket;
  href: string;
  selected: boolean;
  /** Staff see whose ticket it is. */
  showOwner: boolean;
}

/** One conversation in the list: reason, preview, time, state and the unread marker. */
export function ConversationItem({ ticket, href, selected, showOwner }: ConversationItemProps) {
  // The open conversation is being read: its marker would only flicker until the read is stored.
  const unread = selected ? 0 : (ticket.unread ?? 0);
  const time = ticket.lastMessageAt ?? ticket.createdAt;
  return (
    <li>
      <Link
        to={href}
        aria-current={selected ? 'true' : undefined}
        className={cn(
          'flex gap-3 rounded-xl border px-3 py-3 transition-colors',
          selected
            ? 'border-accent-text/50 bg-accent/15'
            : 'border-transparent hover:border-line hover:bg-surface-hover',
        )}
      >
        <span
          aria-hidden="true"
          className={cn('mt-2 size-2 shrink-0 rounded-full', unread ? 'bg-accent-text' : '')}
        />
        <span className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="flex items-baseline justify-between gap-2">
            <span
              className={cn('truncate text-sm text-fg', unread ? 'font-bold' : 'font-semibold')}
            >
              {ticket.reason}
              {showOwner && <span className="font-normal text-fg-muted"> · {ticket.username}</span>}
            </span>
            <time dateTime={time} className="shrink-0 text-xs text-fg-subtle tabular-nums">
              {shortTime(time)}
            </time>
          </span>
          <span className="line-clamp-1 text-sm break-all text-fg-muted">{ticket.message}</span>
          <span className="flex flex-wrap items-center gap-1.5">
            {ticket.status === 'closed' && <StatusBadge status="closed" />}
            {ticket.escalated && <EscalatedBadge />}
            {unread > 0 && (
              <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-bold text-accent-fg">
                {unread} unread
              </span>
            )}
          </span>
        </span>
      </Link>
    </li>
  );
}
