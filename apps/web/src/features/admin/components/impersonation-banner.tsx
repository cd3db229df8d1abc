import { UserRoundCheck } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/class-names';
import { useSessionToken } from '@/lib/session';
import { useCurrentUser } from '@/lib/auth';
import { useEndImpersonation } from '../api/end-impersonation';
import {
  clearSavedAdminToken,
  restoreAdminSession,
  useSavedAdminToken,
} from './impersonation-storage';

interface ImpersonationBannerProps {
  className?: string;
}

/**
 * Login as (docs/product.md#decisions): while an admin is signed in as someone else, "Signed in as X" with a way back.
 * Also offers the way back when the borrowed session has ended (it lasts an hour). Renders nothing
 * otherwise; mount it once in the shell, under the top bar.
 */
export function ImpersonationBanner({ className }: ImpersonationBannerProps) {
  const savedAdminToken = useSavedAdminToken();
  const token = useSessionToken();
  const { user } = useCurrentUser();
  const endImpersonation = useEndImpersonation();
  const stale = savedAdminToken !== null && user !== null && !user.impersonatedBy;

  // A token left from an earlier impersonation while someone signed in normally: forget it.
  useEffect(() => {
    if (stale) clearSavedAdminToken();
  }, [stale]);

  if (savedAdminToken === null || stale) return null;
  const impersonating = user?.impersonatedBy ? user : null;
  const ended = token === null;
  if (!impersonating && !ended) return null;

  const returnToOwnAccount = () => {
    if (ended) restoreAdminSession();
    else endImpersonation.mutate();
  };
  const busy = endImpersonation.isPending || endImpersonation.isSuccess;

  return (
    <div
      role="region"
      aria-label="Impersonation"
      className={cn('border-b border-warning/40 bg-warning-bg text-warning', className)}
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-2.5 sm:px-6 lg:px-8">
        <p className="flex min-w-0 items-center gap-2 text-sm font-medium">
          <UserRoundCheck aria-hidden="true" className="size-4 shrink-0" />
          {impersonating ? (
            <span className="min-w-0 truncate">Signed in as {impersonating.username}</span>
          ) : (
            <span>The session as another user has ended.</span>
          )}
        </p>
        <Button size="sm" variant="secondary" onClick={returnToOwnAccount} disabled={busy}>
          {busy && <Spinner className="size-4" />}
          Return to my account
        </Button>
      </div>
    </div>
  );
}
