import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import { useAuditLog } from '../api/get-audit-log';
import { formatAuditDetails, formatAuditTarget, formatAuditTime } from './audit-format';
import { Pagination } from '@/components/ui/pagination';
import { EmptyState, SectionHeading } from './section-heading';
import { useDebouncedValue } from '@/lib/use-debounced-value';

const PAGE_SIZE = 50;
const COLUMNS = ['Time', 'Actor', 'Action', 'Target', 'Details', 'IP'];

/** The audit log: every staff action, newest first, searchable. */
export function AuditSection() {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const debouncedSearch = useDebouncedValue(search.trim());
  const audit = useAuditLog({ search: debouncedSearch, page, pageSize: PAGE_SIZE });

  return (
    <>
      <SectionHeading title="Audit Log" description="Every staff action, newest first." />
      <div className="max-w-md">
        <Label htmlFor={searchId}>Search the audit log</Label>
        <div className="relative mt-1.5">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-subtle"
          />
          <Input
            id={searchId}
            type="search"
            placeholder="Actor, action, target or details"
            value={search}
            maxLength={100}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
            className="pl-9"
          />
        </div>
      </div>
      <div
        className="mt-4 flex min-h-6 items-center gap-2 text-sm text-fg-muted"
        aria-live="polite"
      >
        {audit.data && `${audit.data.total} ${audit.data.total === 1 ? 'entry' : 'entries'}`}
        {audit.isFetching && audit.data && <Spinner className="size-4" label="Updating..." />}
      </div>
      <div className="mt-3">
        {audit.isPending ? (
          <Skeleton className="h-96" />
        ) : audit.isError ? (
          <Alert tone="error" title="The audit log could not be loaded.">
            {getErrorMessage(audit.error)}
          </Alert>
        ) : audit.data.entries.length === 0 ? (
          <EmptyState>
            {debouncedSearch ? 'No entries match your search.' : 'No staff actions yet.'}
          </EmptyState>
        ) : (
          <>
            {/* Phones: one card per entry; wider screens: the table. */}
            <ul className="flex flex-col gap-3 md:hidden">
              {audit.data.entries.map((entry) => (
                <li key={entry._id}>
                  <Card className="p-4 text-sm">
                    <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                      <span className="font-mono text-xs text-accent-text">{entry.action}</span>
                      <time dateTime={entry.createdAt} className="font-mono text-xs text-fg-subtle">
                        {formatAuditTime(entry.createdAt)}
                      </time>
                    </div>
                    <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
                      <dt className="text-fg-subtle">Actor</dt>
                      <dd className="break-words text-fg">{entry.actor ?? 'system'}</dd>
                      <dt className="text-fg-subtle">Target</dt>
                      <dd className="break-all text-fg-muted">{formatAuditTarget(entry)}</dd>
                      <dt className="text-fg-subtle">Details</dt>
                      <dd className="break-words text-fg-muted">{formatAuditDetails(entry)}</dd>
                      <dt className="text-fg-subtle">IP</dt>
                      <dd className="font-mono text-xs leading-5 text-fg-muted">
                        {entry.ip ?? '-'}
                      </dd>
                    </dl>
                  </Card>
                </li>
              ))}
            </ul>
            <Card className="hidden overflow-hidden md:block">
              <div
                role="region"
                aria-label="Audit log entries"
                tabIndex={0}
                className="overflow-x-auto"
              >
                <table className="w-full min-w-[56rem] text-left text-sm">
                  <thead className="border-b border-line bg-surface-raised text-xs text-fg-muted uppercase">
                    <tr>
                      {COLUMNS.map((column) => (
                        <th key={column} scope="col" className="px-4 py-3 font-semibold">
                          {column}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-line">
                    {audit.data.entries.map((entry) => (
                      <tr key={entry._id} className="align-top">
                        <td className="px-4 py-3 font-mono text-xs whitespace-nowrap text-fg-muted">
                          <time dateTime={entry.createdAt}>{formatAuditTime(entry.createdAt)}</time>
                        </td>
                        <td className="px-4 py-3 text-fg">{entry.actor ?? 'system'}</td>
                        <td className="px-4 py-3 font-mono text-xs whitespace-nowrap text-accent-text">
                          {entry.action}
                        </td>
                        <td className="px-4 py-3 break-all text-fg-muted">
                          {formatAuditTarget(entry)}
                        </td>
                        <td className="max-w-sm px-4 py-3 break-words text-fg-muted">
                          {formatAuditDetails(entry)}
                        </td>
                        <td className="px-4 py-3 font-mono text-xs whitespace-nowrap text-fg-muted">
                          {entry.ip ?? '-'}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </Card>
          </>
        )}
      </div>
      {audit.data && (
        <div className="mt-4">
          <Pagination
            label="Audit log pages"
            page={page}
            pageSize={PAGE_SIZE}
            total={audit.data.total}
            onPageChange={setPage}
          />
        </div>
      )}
    </>
  );
}
