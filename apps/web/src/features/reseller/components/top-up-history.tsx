import { ExternalLink, Wallet } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatAmount, OrderStatusBadge, shortDate, type TopUp } from '@/features/orders';

/** The reseller's top-ups, newest first, with a status that follows the payment. */
export function TopUpHistory({ topUps }: { topUps: TopUp[] | undefined }) {
  return (
    <section aria-labelledby="top-ups-heading">
      <div className="mb-4 flex items-center gap-2">
        <Wallet aria-hidden="true" className="size-5 text-accent-text" />
        <h2 id="top-ups-heading" className="text-xl font-bold text-fg">
          Top-ups
        </h2>
      </div>
      <Card className="overflow-hidden">
        {!topUps ? (
          <div role="status" aria-label="Loading top-ups" className="flex flex-col gap-2 p-4">
            {[0, 1].map((i) => (
              <Skeleton key={i} className="h-12" />
            ))}
          </div>
        ) : topUps.length === 0 ? (
          <p className="px-6 py-10 text-center text-sm text-fg-muted">
            No top-ups yet. Balance you add with crypto is listed here.
          </p>
        ) : (
          <ul aria-label="Top-ups, newest first">
            {topUps.map((topUp) => (
              <li
                key={topUp._id}
                data-testid="top-up"
                className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-line px-5 py-3 last:border-b-0"
              >
                <span className="min-w-24 font-semibold text-fg tabular-nums">
                  {formatAmount(topUp.amount, topUp.currency)}
                </span>
                <span className="flex-1 text-sm text-fg-muted">
                  <time dateTime={topUp.createdAt}>{shortDate(topUp.createdAt)}</time>
                </span>
                <span aria-live="polite">
                  <OrderStatusBadge status={topUp.status} />
                </span>
                {topUp.status === 'pending' && topUp.checkoutUrl && (
                  <a
                    href={topUp.checkoutUrl}
                    className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                  >
                    <ExternalLink aria-hidden="true" className="size-4" />
                    Pay
                    <span className="sr-only">
                      {' '}
                      the {formatAmount(topUp.amount, topUp.currency)} top-up
                    </span>
                  </a>
                )}
                {topUp.status === 'processing' && (
                  <span className="w-full text-xs text-fg-subtle">
                    Payment seen, waiting for confirmations.
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </section>
  );
}
