import { formatDollars } from '@stellar/shared';
import { Wallet } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

interface BalanceCardProps {
  balance: number | undefined;
  /** Keys generated so far, all time. */
  keysGenerated: number | undefined;
  /** Admin and Owner generate for free: the balance is not spent. */
  free: boolean;
}

/** The reseller's balance, 2 decimals. */
export function BalanceCard({ balance, keysGenerated, free }: BalanceCardProps) {
  return (
    <Card className="p-5 sm:p-6">
      <div className="flex items-center gap-4">
        <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-accent/15 text-accent-text">
          <Wallet aria-hidden="true" className="size-6" />
        </span>
        <div className="min-w-0">
          <p id="balance-label" className="text-sm text-fg-muted">
            Balance
          </p>
          {balance === undefined ? (
            <Skeleton className="mt-1 h-8 w-32" />
          ) : (
            <p
              aria-labelledby="balance-label"
              data-testid="reseller-balance"
              className="text-3xl font-extrabold tracking-tight text-fg tabular-nums"
            >
              {formatDollars(balance)}
            </p>
          )}
        </div>
      </div>
      {free && (
        <p className="mt-3 text-sm text-fg-subtle">Keys are free for Admin and Owner accounts.</p>
      )}
      <dl className="mt-5 flex items-baseline justify-between gap-3 border-t border-line pt-4 text-sm">
        <dt className="text-fg-muted">Keys generated</dt>
        <dd className="font-semibold text-fg tabular-nums">
          {keysGenerated === undefined ? <Skeleton className="h-5 w-10" /> : keysGenerated}
        </dd>
      </dl>
    </Card>
  );
}
