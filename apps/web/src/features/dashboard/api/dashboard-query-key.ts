import { SESSION_QUERY_KEY } from '@/lib/query-client';

/** The dashboard's answers belong to whoever is signed in: a sign-in or out drops them. */
export const DASHBOARD_QUERY_KEY = [...SESSION_QUERY_KEY, 'dashboard'] as const;
