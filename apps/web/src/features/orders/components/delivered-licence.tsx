import { useQuery } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Skeleton } from '@/components/ui/skeleton';
import { ownedProductsQueryOptions } from '@/features/dashboard';
import { shortDate } from './order-details';

/** The licence a paid order created or extended: its new expiry and its key, read fresh. */
export function DeliveredLicence({
  licenceId,
  productId,
}: {
  licenceId: string | null | undefined;
  productId: string;
}) {
  // Mounted when the order turns paid: the cached list predates the delivery, so read it again.
  const owned = useQuery({
    ...ownedProductsQueryOptions(),
    staleTime: 0,
    refetchOnMount: 'always',
  });
  const licence = owned.data?.find((item) =>
    licenceId ? item._id === licenceId : item.productId === productId,
  );

  return (
    <div className="mt-5 rounded-xl border border-success/40 bg-success-bg/60 p-4 sm:p-5">
      <div className="flex items-center gap-2 text-success">
        <KeyRound aria-hidden="true" className="size-5" />
        <h3 className="font-semibold">Your licence</h3>
      </div>
      {owned.isPending ? (
        <div role="status" aria-label="Loading your licence" className="mt-3 flex flex-col gap-2">
          <Skeleton className="h-5 w-56" />
          <Skeleton className="h-5 w-72 max-w-full" />
        </div>
      ) : licence ? (
        <dl className="mt-3 grid gap-3 text-sm">
          <div>
            <dt className="text-fg-subtle">Product</dt>
            <dd className="mt-0.5 font-medium text-fg">{licence.title}</dd>
          </div>
          <div>
            <dt className="text-fg-subtle">Expires</dt>
            <dd className="mt-0.5 font-medium text-fg">
              <time dateTime={licence.expiresAt} data-testid="licence-expiry">
                {shortDate(licence.expiresAt)}
              </time>
            </dd>
          </div>
          {licence.licenceKey && (
            <div>
              <dt className="text-fg-subtle">Licence key (for the tool)</dt>
              <dd className="mt-1 flex items-center gap-2">
                <code className="min-w-0 flex-1 font-mono text-xs break-all text-fg">
                  {licence.licenceKey}
                </code>
                <CopyButton value={licence.licenceKey} label="Copy licence key" />
              </dd>
            </div>
          )}
        </dl>
      ) : (
        <p className="mt-3 text-sm text-fg-muted">
          Your licence is on your dashboard, under Your Products.
        </p>
      )}
      <Link to="/user-dashboard" className={buttonClasses({ className: 'mt-5' })}>
        Go to your dashboard
      </Link>
    </div>
  );
}
