import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button';

interface PaginationProps {
  page: number;
  pageSize: number;
  /** Total count when the server tells it; otherwise `hasMore` says whether a next page may exist. */
  total?: number;
  hasMore?: boolean;
  onPageChange: (page: number) => void;
  label: string;
}

/** Previous / next with "Showing a-b of n". */
export function Pagination({
  page,
  pageSize,
  total,
  hasMore,
  onPageChange,
  label,
}: PaginationProps) {
  const pages = total === undefined ? undefined : Math.max(1, Math.ceil(total / pageSize));
  const canNext = pages === undefined ? Boolean(hasMore) : page < pages;
  if (page === 1 && !canNext) return null;
  const from = (page - 1) * pageSize + 1;
  const to = total === undefined ? undefined : Math.min(total, page * pageSize);
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3 pt-2">
      <p className="text-sm text-fg-muted">
        {total === undefined ? `Page ${page}` : `Showing ${from}-${to} of ${total}`}
      </p>
      <div className="flex gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={page <= 1}
          onClick={() => onPageChange(page - 1)}
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
          Previous
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={!canNext}
          onClick={() => onPageChange(page + 1)}
        >
          Next
          <ChevronRight aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </nav>
  );
}
