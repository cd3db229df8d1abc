import { SESSION_QUERY_KEY } from '@/lib/query-client';

/**
 * Every admin answer depends on who is signed in, so it lives under the session key: signing in,
 * out or as someone else drops it.
 */
export const ADMIN_QUERY_KEY = [...SESSION_QUERY_KEY, 'admin'] as const;
