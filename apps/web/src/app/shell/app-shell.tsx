import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingState } from '@/components/ui/spinner';
import { ImpersonationBanner } from '@/features/admin';
import { MaintenanceGate } from '@/features/maintenance';
import { cn } from '@/lib/class-names';
import { useNavigationWaiting } from '../routing/browser-router';
import { useScrollRestoration } from '../routing/scroll-restoration';
import { Footer } from './footer';
import { TopBar } from './top-bar';
import { useShellStart } from './use-shell-start';

/** The root layout: top bar, the page (behind its maintenance switch), footer. */
export function AppShell() {
  useShellStart();
  useScrollRestoration();
  const waiting = useNavigationWaiting();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-[60] rounded-lg bg-accent px-4 py-2 font-semibold text-accent-fg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      {/* Every navigation is pending for a moment: the bar shows only once it lasts. */}
      {waiting && (
        <div
          role="progressbar"
          aria-label="Loading page"
          className="fixed inset-x-0 top-0 z-[70] h-0.5 animate-[appear_200ms_ease-out_both] overflow-hidden bg-accent/20"
        >
          <div className="h-full w-1/3 animate-[page-progress_1s_ease-in-out_infinite] bg-accent-text" />
        </div>
      )}
      <TopBar />
      {/* While it waits, the address bar already shows the next page, and what is typed into this one
          would go with it: the screen is inert and dimmed (the top bar can still change the destination). */}
      <main
        id="main"
        tabIndex={-1}
        inert={waiting}
        aria-busy={waiting || undefined}
        className={cn('flex-1 pt-16 outline-none transition-opacity', waiting && 'opacity-60')}
      >
        <ImpersonationBanner />
        <MaintenanceGate>
          {/* A lazy screen's fallback on a first visit; later navigations keep the current screen. */}
          <Suspense fallback={<LoadingState className="min-h-[60dvh]" />}>
            <Outlet />
          </Suspense>
        </MaintenanceGate>
      </main>
      <Footer />
    </div>
  );
}
