import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/class-names';

/** A spinning ring; decorative unless given a label. */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <LoaderCircle
      aria-hidden={label ? undefined : true}
      aria-label={label}
      role={label ? 'img' : undefined}
      className={cn('size-5 animate-spin text-accent-text', className)}
    />
  );
}

/** A centred spinner with a visible text, for a page or section that is loading. */
export function LoadingState({
  label = 'Loading...',
  className,
}: {
  label?: string;
  className?: string;
}) {
  return (
    <div
      role="status"
      className={cn(
        'flex flex-col items-center justify-center gap-3 py-24 text-fg-muted',
        className,
      )}
    >
      <Spinner className="size-8" />
      <p className="text-sm">{label}</p>
    </div>
  );
}
