import { SESSION_QUERY_KEY } from '@/lib/query-client';

/** The panel's answers belong to whoever is signed in: a sign-in or out drops them. */
export const RESELLER_QUERY_KEY = [...SESSION_QUERY_KEY, 'reseller'] as const;
