import { TICKET_PRIORITIES, TICKET_STATUSES, type Ticket } from '@stellar/shared';
import { useState, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-client';
import { useTickets } from '@/features/tickets';
import { Pagination } from '@/components/ui/pagination';
import { EmptyState, SectionHeading } from './section-heading';
import { TicketRow } from './ticket-row';

const PAGE_SIZE = 20;

type TicketStatusFilter = 'all' | Ticket['status'];
type TicketEscalatedFilter = 'all' | 'yes' | 'no';
type TicketPriorityFilter = 'all' | Ticket['priority'];
const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

function FilterSelect<T extends string>({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: T;
  onChange: (value: T) => void;
  children: ReactNode;
}) {
  return (
    <FormField label={label} className="min-w-0">
      {(control) => (
        <Select {...control} value={value} onChange={(event) => onChange(event.target.value as T)}>
          {children}
        </Select>
      )}
    </FormField>
  );
}

/** Every ticket for staff, filtered by status, escalation and priority. */
export function TicketsSection() {
  const [status, setStatus] = useState<TicketStatusFilter>('all');
  const [escalated, setEscalated] = useState<TicketEscalatedFilter>('all');
  const [priority, setPriority] = useState<TicketPriorityFilter>('all');
  const [page, setPage] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const tickets = useTickets({
    status: status === 'all' ? undefined : status,
    escalated: escalated === 'all' ? undefined : escalated === 'yes',
    priority: priority === 'all' ? undefined : priority,
    page,
    pageSize: PAGE_SIZE,
  });
  const filtered = status !== 'all' || escalated !== 'all' || priority !== 'all';
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  return (
    <>
      <SectionHeading title="Tickets" description="Every support ticket, newest activity first." />
      <div className="grid max-w-2xl grid-cols-1 gap-3 sm:grid-cols-3">
        <FilterSelect label="Status" value={status} onChange={filter(setStatus)}>
          <option value="all">All statuses</option>
          {TICKET_STATUSES.map((s) => (
            <option key={s} value={s}>
              {capitalise(s)}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect label="Escalation" value={escalated} onChange={filter(setEscalated)}>
          <option value="all">All tickets</option>
          <option value="yes">Escalated</option>
          <option value="no">Not escalated</option>
        </FilterSelect>
        <FilterSelect label="Priority" value={priority} onChange={filter(setPriority)}>
          <option value="all">All priorities</option>
          {TICKET_PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </FilterSelect>
      </div>
      {error && (
        <Alert tone="error" className="mt-4">
          {error}
        </Alert>
      )}
      <div className="mt-4">
        {tickets.isPending ? (
          <div role="status" aria-label="Loading tickets" className="flex flex-col gap-3">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-24" />
            ))}
          </div>
        ) : tickets.isError ? (
          <Alert tone="error" title="The tickets could not be loaded.">
            {getErrorMessage(tickets.error)}
          </Alert>
        ) : tickets.data.length === 0 ? (
          <EmptyState>
            {page > 1
              ? 'No more tickets.'
              : filtered
                ? 'No tickets match these filters.'
                : 'No tickets yet.'}
          </EmptyState>
        ) : (
          <ul className="flex flex-col gap-3" aria-busy={tickets.isPlaceholderData || undefined}>
            {tickets.data.map((ticket) => (
              <li key={ticket._id}>
                <TicketRow ticket={ticket} onError={setError} />
              </li>
            ))}
          </ul>
        )}
      </div>
      {tickets.data && (
        <div className="mt-4">
          <Pagination
            label="Tickets pages"
            page={page}
            pageSize={PAGE_SIZE}
            hasMore={tickets.data.length === PAGE_SIZE}
            onPageChange={setPage}
          />
        </div>
      )}
    </>
  );
}
