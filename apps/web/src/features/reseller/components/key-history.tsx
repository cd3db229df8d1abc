import { format, isValid, parseISO } from 'date-fns';
import { ChevronLeft, ChevronRight, History } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import type { ResellerKey } from '../api/get-reseller-overview';

function shortDate(iso: string): string {
  const date = parseISO(iso);
  return isValid(date) ? format(date, 'd MMM yyyy, HH:mm') : 'Invalid Date';
}

interface KeyHistoryProps {
  keys: { items: ResellerKey[]; page: number; pageSize: number; total: number } | undefined;
  /** A new page is loading (the previous one stays visible meanwhile). */
  isFetching: boolean;
  onPage: (page: number) => void;
}

/** Every key the caller generated, newest first, redeemed or not. */
export function KeyHistory({ keys, isFetching, onPage }: KeyHistoryProps) {
  const pages = keys ? Math.max(1, Math.ceil(keys.total / keys.pageSize)) : 1;
  return (
    <section aria-labelledby="key-history-heading">
      <div className="mb-4 flex items-center gap-2">
        <History aria-hidden="true" className="size-5 text-accent-text" />
        <h2 id="key-history-heading" className="text-xl font-bold text-fg">
          Key history
        </h2>
        {keys && keys.total > 0 && (
          <span className="rounded-full bg-surface-raised px-2 py-0.5 text-xs font-semibold text-fg-muted">
            {keys.total}
          </span>
        )}
      </div>
      <Card className="overflow-hidden">
        {!keys ? (
          <div role="status" aria-label="Loading key history" className="flex flex-col gap-2 p-4">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-12" />
            ))}
          </div>
        ) : keys.items.length === 0 ? (
          <p className="px-6 py-10 text-center text-sm text-fg-muted">
            No keys yet. Keys you generate are listed here, with whether they have been redeemed.
          </p>
        ) : (
          <>
            <div
              aria-hidden="true"
              className="hidden grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)_minmax(0,1fr)_9rem] gap-4 border-b border-line px-5 py-2.5 text-xs font-semibold tracking-wide text-fg-subtle uppercase md:grid"
            >
              <span>Key</span>
              <span>Product</span>
              <span>Created</span>
              <span>Status</span>
            </div>
            <ul
              aria-label="Generated keys, newest first"
              aria-busy={isFetching}
              className={isFetching ? 'opacity-60 transition-opacity' : undefined}
            >
              {keys.items.map((key) => (
                <li
                  key={key.code}
                  className="grid gap-1.5 border-b border-line px-5 py-3 last:border-b-0 md:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)_minmax(0,1fr)_9rem] md:items-center md:gap-4"
                >
                  <code className="font-mono text-sm break-all text-fg">{key.code}</code>
                  <span className="text-sm text-fg-muted">
                    {key.product}
                    {key.plan && <span className="text-fg-subtle"> · {key.plan}</span>}
                  </span>
                  <span className="text-sm text-fg-muted">
                    <span className="md:sr-only">Created </span>
                    <time dateTime={key.createdAt}>{shortDate(key.createdAt)}</time>
                  </span>
                  <span className="flex flex-col items-start gap-0.5">
                    {key.redeemed ? (
                      <>
                        <Badge tone="success">Redeemed</Badge>
                        {key.redeemedAt && (
                          <time dateTime={key.redeemedAt} className="text-xs text-fg-subtle">
                            {shortDate(key.redeemedAt)}
                          </time>
                        )}
                      </>
                    ) : (
                      <Badge tone="neutral">Not redeemed</Badge>
                    )}
                  </span>
                </li>
              ))}
            </ul>
            {pages > 1 && (
              <nav
                aria-label="Key history pages"
                className="flex items-center justify-between gap-3 border-t border-line px-5 py-3"
              >
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={keys.page <= 1 || isFetching}
                  onClick={() => onPage(keys.page - 1)}
                >
                  <ChevronLeft aria-hidden="true" className="size-4" />
                  Previous
                </Button>
                <p className="text-sm text-fg-muted" aria-live="polite">
                  Page {keys.page} of {pages}
                </p>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={keys.page >= pages || isFetching}
                  onClick={() => onPage(keys.page + 1)}
                >
                  Next
                  <ChevronRight aria-hidden="true" className="size-4" />
                </Button>
              </nav>
            )}
          </>
        )}
      </Card>
    </section>
  );
}
