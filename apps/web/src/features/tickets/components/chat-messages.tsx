import type { ChatMessage } from '@stellar/shared';
import { Headset } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import { cn } from '@/lib/class-names';
import { formatTimestamp } from '@/lib/format-timestamp';

interface ChatMessagesProps {
  messages: ChatMessage[];
  /** The ticket owner's username: their messages sit on one side, staff answers on the other. */
  ownerName: string;
  /** Whether the viewer is the ticket's owner (their own messages go on the right). */
  viewerIsOwner: boolean;
  className?: string;
}

const fromOwner = (message: ChatMessage, ownerName: string) =>
  message.role === 'Username' && message.sender === ownerName;

/**
 * The thread, oldest first, kept scrolled to the newest message. Messages are plain text: React
 * escapes them, and line breaks are kept with CSS.
 */
export function ChatMessages({ messages, ownerName, viewerIsOwner, className }: ChatMessagesProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const newest = messages.at(-1)?._id;

  useLayoutEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [newest]);

  return (
    <div
      ref={scroller}
      role="log"
      aria-label="Messages"
      // Focusable so keyboard users can scroll it.
      tabIndex={0}
      className={cn(
        'overflow-y-auto overscroll-contain rounded-xl border border-line bg-canvas/60 p-3 sm:p-4',
        className,
      )}
    >
      {messages.length === 0 ? (
        <p className="py-10 text-center text-sm text-fg-muted">
          No messages yet. Write the first one below.
        </p>
      ) : (
        <ol className="flex flex-col gap-3">
          {messages.map((message) => {
            const owner = fromOwner(message, ownerName);
            const mine = viewerIsOwner === owner;
            return (
              <li
                key={message._id}
                className={cn('flex', mine ? 'justify-end' : 'justify-start')}
                data-testid="chat-message"
              >
                <div
                  className={cn(
                    'max-w-[85%] min-w-0 rounded-2xl border px-3.5 py-2.5 sm:max-w-[75%]',
                    mine
                      ? 'rounded-br-md border-accent/50 bg-accent/20'
                      : 'rounded-bl-md border-line-strong bg-surface-raised',
                  )}
                >
                  <p className="flex flex-wrap items-center gap-x-1.5 text-xs">
                    {message.role === 'Support' && (
                      <Headset aria-hidden="true" className="size-3.5 text-accent-text" />
                    )}
                    <span className="font-semibold text-fg">{message.sender}</span>
                    {message.role === 'Support' && message.author && (
                      // Only Admins and Owners receive `author`: who really answered as Support.
                      <span className="text-fg-muted">({message.author})</span>
                    )}
                    <time dateTime={message.timestamp} className="text-fg-subtle tabular-nums">
                      {formatTimestamp(message.timestamp)}
                    </time>
                  </p>
                  <p className="mt-1 text-sm leading-relaxed break-words whitespace-pre-wrap text-fg">
                    {message.message}
                  </p>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
