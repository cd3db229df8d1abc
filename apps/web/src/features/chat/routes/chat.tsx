import { MessagesSquare } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { cn } from '@/lib/class-names';
import { isStaff } from '@/lib/roles';
import { useCurrentUser } from '@/lib/auth';
import { LiveStatus, useLiveQueue, useLiveUpdates, useTickets } from '@/features/tickets';
import { chatSearch, readChatParams, type ChatParams } from '../components/chat-params';
import { ConversationList, NO_CONVERSATIONS } from '../components/conversation-list';
import { NewConversationDialog } from '../components/new-conversation-dialog';
import { QueueControls } from '../components/queue-controls';
import { ThreadPane } from '../components/thread-pane';

const escalatedFilter = { all: undefined, escalated: true, normal: false } as const;

/**
 * /chat: the live support messenger (docs/product.md#decisions). Conversations on the left, the selected
 * thread on the right; on phones the list and the thread are two screens with a back button.
 */
export function ChatRoute() {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const staff = isStaff(user?.role);
  const params = readChatParams(search, staff);
  const status = useLiveUpdates();
  useLiveQueue(staff && params.view === 'queue');

  // The guard loads the user first; until then we would not know whose list to ask for.
  const mine = useTickets(staff && user ? { userId: user._id } : {}, {
    enabled: user !== null && params.view === 'mine',
  });
  const queue = useTickets(
    { status: 'open', escalated: escalatedFilter[params.filter] },
    { enabled: staff && params.view === 'queue' },
  );
  const list = params.view === 'queue' ? queue : mine;

  const go = (changes: Partial<Omit<ChatParams, 'staff'>>) =>
    void navigate(`/chat${chatSearch(params, changes)}`);

  // Opening a conversation moves focus to it; going back returns focus to the list's heading.
  // A conversation already open when the page loads leaves focus where the browser put it.
  const listHeading = useRef<HTMLHeadingElement>(null);
  const previous = useRef(params.ticketId);
  const [navigated, setNavigated] = useState(false);
  useEffect(() => {
    if (previous.current === params.ticketId) return;
    const hadOne = previous.current !== null;
    previous.current = params.ticketId;
    setNavigated(true);
    if (!params.ticketId && hadOne) listHeading.current?.focus();
  }, [params.ticketId]);

  const newConversation = (variant?: 'primary' | 'secondary', className?: string) => (
    <NewConversationDialog
      user={user}
      variant={variant}
      className={className}
      onCreated={(ticketId) => go({ ticketId, view: 'mine' })}
    />
  );

  const queueEmpty =
    params.filter === 'escalated'
      ? 'No escalated tickets are waiting.'
      : params.filter === 'normal'
        ? 'No tickets without escalation are waiting.'
        : 'No open tickets are waiting. Nice work!';

  return (
    <div className="mx-auto w-full max-w-7xl px-0 sm:px-6 md:h-[calc(100dvh-4rem)] md:py-6 lg:px-8">
      <title>Support Chat · Stellar</title>
      <div className="grid h-full min-h-[calc(100dvh-4rem)] overflow-hidden border-line bg-surface/60 sm:rounded-2xl sm:border md:min-h-0 md:grid-cols-[20rem_minmax(0,1fr)] lg:grid-cols-[22rem_minmax(0,1fr)]">
        <section
          aria-labelledby="chat-heading"
          className={cn(
            'min-h-0 flex-col border-line md:flex md:border-r',
            params.ticketId ? 'hidden' : 'flex',
          )}
        >
          <div className="flex flex-col gap-4 border-b border-line p-4">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <h1
                id="chat-heading"
                ref={listHeading}
                tabIndex={-1}
                className="text-xl font-bold tracking-tight text-fg outline-none"
              >
                Support Chat
              </h1>
              <LiveStatus status={status} />
            </div>
            {newConversation('primary', 'w-full')}
            {staff && (
              <QueueControls
                params={params}
                onFilter={(filter) => go({ filter, ticketId: null })}
              />
            )}
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">
            <ConversationList
              label={params.view === 'queue' ? 'Open tickets' : 'Your conversations'}
              tickets={list.data}
              isPending={list.isPending}
              error={list.error}
              params={params}
              emptyText={params.view === 'queue' ? queueEmpty : NO_CONVERSATIONS}
              emptyAction={params.view === 'mine' ? newConversation('secondary') : undefined}
            />
          </div>
        </section>
        <div className={cn('min-h-0 flex-col md:flex', params.ticketId ? 'flex' : 'hidden')}>
          {params.ticketId ? (
            <ThreadPane
              key={params.ticketId}
              ticketId={params.ticketId}
              user={user}
              backHref={`/chat${chatSearch(params, { ticketId: null })}`}
              onDeleted={() => go({ ticketId: null })}
              autoFocus={navigated}
            />
          ) : (
            <div className="flex flex-1 flex-col items-center justify-center gap-3 p-8 text-center">
              <MessagesSquare aria-hidden="true" className="size-10 text-fg-subtle" />
              <p className="max-w-xs text-sm text-fg-muted">
                Choose a conversation on the left, or start a new one.
              </p>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
