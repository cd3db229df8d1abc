import { FlaskConical } from 'lucide-react';
import { cn } from '@/lib/class-names';
import { usePaymentsStatus } from '../api/get-payments-status';
import { TEST_MODE_BANNER } from '../api/order-schemas';

/** Shown on every checkout screen while PAYMENTS_TEST_MODE is on; nothing otherwise. */
export function TestModeBanner({ className }: { className?: string }) {
  const status = usePaymentsStatus();
  if (status.data !== 'test') return null;
  return (
    <p
      className={cn(
        'flex items-center gap-2 rounded-xl border border-warning/40 bg-warning-bg px-4 py-2.5 text-sm font-semibold text-warning',
        className,
      )}
    >
      <FlaskConical aria-hidden="true" className="size-4 shrink-0" />
      {TEST_MODE_BANNER}
    </p>
  );
}
