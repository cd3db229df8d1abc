import { CircleAlert, CircleCheck, Info, TriangleAlert, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/class-names';

export type AlertTone = 'error' | 'success' | 'warning' | 'info';

const tones: Record<AlertTone, { classes: string; icon: LucideIcon }> = {
  error: { classes: 'border-danger/40 bg-danger-bg text-danger', icon: CircleAlert },
  success: { classes: 'border-success/40 bg-success-bg text-success', icon: CircleCheck },
  warning: { classes: 'border-warning/40 bg-warning-bg text-warning', icon: TriangleAlert },
  info: { classes: 'border-info/40 bg-info-bg text-info', icon: Info },
};

interface AlertProps {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** Errors interrupt screen readers (role alert); the rest are polite (role status). */
  live?: boolean;
}

/** A boxed message: form errors, confirmations, notices. */
export function Alert({ tone = 'info', title, children, className, live = true }: AlertProps) {
  const { classes, icon: Icon } = tones[tone];
  const role = live ? (tone === 'error' ? 'alert' : 'status') : undefined;
  return (
    <div
      role={role}
      className={cn('flex gap-3 rounded-xl border px-4 py-3 text-sm', classes, className)}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 flex-1">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div className={title ? 'mt-1 text-fg-muted' : undefined}>{children}</div>}
      </div>
    </div>
  );
}
