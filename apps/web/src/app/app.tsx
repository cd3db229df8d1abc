import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AppProviders } from './providers';

interface AppProps {
  /** The router with the routes: AppBrowserRouter in the browser, StaticRouter when prerendering. */
  children: ReactNode;
  /** A client seeded with a server-rendered page's answers (prerender/page-data.ts). */
  queryClient?: QueryClient;
  /** See AppProviders. */
  onStarted?: () => void;
}

export function App({ children, queryClient, onStarted }: AppProps) {
  return (
    <AppProviders queryClient={queryClient} onStarted={onStarted}>
      {children}
    </AppProviders>
  );
}
