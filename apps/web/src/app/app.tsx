import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import type { createAppRouter } from './router';
import { AppProviders } from './providers';

interface AppProps {
  router: ReturnType<typeof createAppRouter>;
  /** A client seeded with a server-rendered page's answers (prerender/page-data.ts). */
  queryClient?: QueryClient;
  /** See AppProviders. */
  onStarted?: () => void;
}

export function App({ router, queryClient, onStarted }: AppProps) {
  return (
    <AppProviders queryClient={queryClient} onStarted={onStarted}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
