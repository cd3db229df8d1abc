import type { ComponentProps } from 'react';
import { cn } from '@/lib/class-names';

export type BadgeTone = 'accent' | 'success' | 'warning' | 'danger' | 'neutral';

const tones: Record<BadgeTone, string> = {
  accent: 'border-accent-text/40 bg-accent/15 text-accent-text',
  success: 'border-success/40 bg-success-bg text-success',
  warning: 'border-warning/40 bg-warning-bg text-warning',
  danger: 'border-danger/40 bg-danger-bg text-danger',
  neutral: 'border-line-strong bg-surface-raised text-fg-muted',
};

export function Badge({
  tone = 'neutral',
  className,
  ...props
}: ComponentProps<'span'> & { tone?: BadgeTone }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
