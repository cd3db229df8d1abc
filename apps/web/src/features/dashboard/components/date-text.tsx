import { format, formatDistanceToNow, isValid, parseISO } from 'date-fns';

/** "12 Mar 2026, 14:05" in the visitor's time zone, or null for an unreadable date. */
export function absoluteDate(iso: string): string | null {
  const date = parseISO(iso);
  return isValid(date) ? format(date, 'd MMM yyyy, HH:mm') : null;
}

/** "in 30 days" / "3 days ago", or null for an unreadable date. */
export function relativeDate(iso: string, now = new Date()): string | null {
  const date = parseISO(iso);
  if (!isValid(date)) return null;
  return date.getTime() > now.getTime()
    ? `in ${formatDistanceToNow(date)}`
    : `${formatDistanceToNow(date)} ago`;
}

/** A machine-readable <time> showing the relative and the absolute date. */
export function DateText({ iso, className }: { iso: string; className?: string }) {
  const absolute = absoluteDate(iso);
  if (!absolute) return <span className={className}>Invalid Date</span>;
  return (
    <time dateTime={iso} className={className}>
      {relativeDate(iso)} <span className="text-fg-subtle">({absolute})</span>
    </time>
  );
}
