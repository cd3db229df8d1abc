import { SESSION_QUERY_KEY } from '@/lib/query-client';

/** Keys and webhooks belong to whoever is signed in: a sign-in or out drops them. */
export const API_KEYS_QUERY_KEY = [...SESSION_QUERY_KEY, 'api-keys'] as const;
export const WEBHOOKS_QUERY_KEY = [...SESSION_QUERY_KEY, 'webhooks'] as const;
