import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { createQueryClient, SESSION_QUERY_KEY } from '@/lib/query-client';
import { subscribeToken } from '@/lib/session';

interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own client. */
  queryClient?: QueryClient;
  /** Called once the first render (or hydration) is committed: the app's handlers are attached. */
  onStarted?: () => void;
}

export function AppProviders({ children, queryClient, onStarted }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());

  useEffect(() => onStarted?.(), [onStarted]);

  // Signing in or out (in any tab) makes every per-user answer stale.
  useEffect(
    () => subscribeToken(() => client.removeQueries({ queryKey: SESSION_QUERY_KEY })),
    [client],
  );

  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
