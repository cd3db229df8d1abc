import { cn } from '@/lib/class-names';
import type { RealtimeStatus } from '../realtime/realtime-client';

const LABELS: Record<RealtimeStatus, string> = {
  open: 'Live',
  connecting: 'Connecting...',
  reconnecting: 'Reconnecting...',
  ended: 'Offline',
  stopped: 'Offline',
};

/** Whether new messages arrive by themselves right now. */
export function LiveStatus({ status, className }: { status: RealtimeStatus; className?: string }) {
  return (
    <span
      className={cn('inline-flex items-center gap-1.5 text-xs text-fg-muted', className)}
      title={status === 'open' ? 'New messages appear here as they are sent.' : undefined}
    >
      <span
        aria-hidden="true"
        className={cn(
          'size-2 rounded-full',
          status === 'open' ? 'bg-success' : status === 'ended' ? 'bg-danger' : 'bg-warning',
        )}
      />
      {LABELS[status]}
    </span>
  );
}
