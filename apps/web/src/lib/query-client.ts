import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** Queries whose data depends on who is signed in live under this key, so a sign-in or out drops them. */
export const SESSION_QUERY_KEY = ['session'] as const;

const MAX_RETRIES = 2;

/** Retry only what may succeed on a second try: no response at all, or a server-side 5xx. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (error instanceof ApiError) return error.status === 0 || error.status >= 500;
  return false;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
