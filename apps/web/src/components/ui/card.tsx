import type { ComponentProps } from 'react';
import { cn } from '@/lib/class-names';

/** A raised panel with a hairline border. */
export function Card({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn(
        'rounded-2xl border border-line bg-surface/80 shadow-xl shadow-black/20',
        className,
      )}
      {...props}
    />
  );
}
