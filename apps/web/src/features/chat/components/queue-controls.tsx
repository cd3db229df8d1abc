import { Link } from 'react-router';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/input';
import { cn } from '@/lib/class-names';
import { chatSearch, type ChatParams, type QueueFilter } from './chat-params';

const FILTERS: Array<[QueueFilter, string]> = [
  ['all', 'All open'],
  ['escalated', 'Escalated'],
  ['normal', 'Not escalated'],
];

interface QueueControlsProps {
  params: ChatParams;
  onFilter: (filter: QueueFilter) => void;
}

/** Staff: switch between the open-ticket queue and their own conversations; filter the queue. */
export function QueueControls({ params, onFilter }: QueueControlsProps) {
  const tab = (view: ChatParams['view'], text: string) => (
    <Link
      to={`/chat${chatSearch(params, { view, ticketId: null })}`}
      aria-current={params.view === view ? 'page' : undefined}
      className={cn(
        'flex-1 rounded-md px-3 py-1.5 text-center text-sm font-semibold whitespace-nowrap transition-colors',
        params.view === view ? 'bg-accent text-accent-fg' : 'text-fg-muted hover:text-fg',
      )}
    >
      {text}
    </Link>
  );
  return (
    <div className="flex flex-col gap-3">
      <nav aria-label="Conversations" className="flex gap-1 rounded-lg border border-line p-1">
        {tab('queue', 'Queue')}
        {tab('mine', 'My tickets')}
      </nav>
      {params.view === 'queue' && (
        <div className="flex items-center gap-2">
          <Label htmlFor="queue-filter" className="shrink-0 text-fg-muted">
            Show
          </Label>
          <Select
            id="queue-filter"
            value={params.filter}
            onChange={(event) => onFilter(event.target.value as QueueFilter)}
            className="h-9"
          >
            {FILTERS.map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
          </Select>
        </div>
      )}
    </div>
  );
}
