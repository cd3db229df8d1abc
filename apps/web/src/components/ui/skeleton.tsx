import { cn } from '@/lib/class-names';

/** A pulsing placeholder block while content loads. */
export function Skeleton({ className }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse rounded-lg bg-surface-raised', className)}
    />
  );
}
