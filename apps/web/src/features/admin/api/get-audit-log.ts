import { auditListSchema } from '@stellar/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { ADMIN_QUERY_KEY } from './admin-query-key';

export type AuditList = z.infer<typeof auditListSchema>;
export type AuditEntry = AuditList['entries'][number];

export interface AuditLogParams {
  search: string;
  page: number;
  pageSize: number;
}

/** GET /api/admin/audit: newest first, searched by the server. */
export function getAuditLog(params: AuditLogParams, signal?: AbortSignal): Promise<AuditList> {
  const search = params.search.trim();
  return api.get('/admin/audit', {
    schema: auditListSchema,
    signal,
    query: {
      search: search === '' ? undefined : search,
      page: params.page,
      pageSize: params.pageSize,
    },
  });
}

export const auditLogQueryOptions = (params: AuditLogParams) =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'audit', params],
    queryFn: ({ signal }) => getAuditLog(params, signal),
    placeholderData: keepPreviousData,
  });

export function useAuditLog(params: AuditLogParams) {
  return useQuery(auditLogQueryOptions(params));
}
