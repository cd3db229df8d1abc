import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from './footer';
import { TopBar } from './top-bar';
import { useShellStart } from './use-shell-start';

/** The root layout: top bar, the page, footer. */
export function AppShell() {
  useShellStart();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-[60] rounded-lg bg-accent px-4 py-2 font-semibold text-accent-fg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <TopBar />
      <main id="main" tabIndex={-1} className="flex-1 pt-16 outline-none">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
