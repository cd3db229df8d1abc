import { SESSION_QUERY_KEY } from '@/lib/query-client';

/** Orders belong to whoever is signed in: a sign-in or out drops them. */
export const ORDERS_QUERY_KEY = [...SESSION_QUERY_KEY, 'orders'] as const;
