import { lazy, Suspense } from 'react';
import { useSavedAdminToken } from './impersonation-storage';

// The banner and its logout mutation load only while an admin's own token is saved aside (after
// Login as): never on an ordinary visit.
const ImpersonationBanner = lazy(() =>
  import('./impersonation-banner').then((banner) => ({ default: banner.ImpersonationBanner })),
);

/** Mount once in the shell, under the top bar: the banner when an impersonation is on or over. */
export function ImpersonationBannerSlot({ className }: { className?: string }) {
  if (useSavedAdminToken() === null) return null;
  return (
    <Suspense fallback={null}>
      <ImpersonationBanner className={className} />
    </Suspense>
  );
}
