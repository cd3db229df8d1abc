import { adminOrderListSchema, type AdminOrderList, type AdminOrder } from '@stellar/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ADMIN_QUERY_KEY } from './admin-query-key';

export type OrderStatusFilter = AdminOrder['status'] | '';

export interface OrderListParams {
  status: OrderStatusFilter;
  page: number;
  pageSize: number;
}

/** Every staff orders list, whatever its filter: what a refund invalidates. */
export const ORDERS_QUERY_KEY = [...ADMIN_QUERY_KEY, 'orders'] as const;

/** GET /api/admin/orders: needs_attention first, then newest; filtered and paginated by the server. */
export function getOrders(params: OrderListParams, signal?: AbortSignal): Promise<AdminOrderList> {
  return api.get('/admin/orders', {
    schema: adminOrderListSchema,
    signal,
    query: { status: params.status || undefined, page: params.page, pageSize: params.pageSize },
  });
}

export const ordersQueryOptions = (params: OrderListParams) =>
  queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, params],
    queryFn: ({ signal }) => getOrders(params, signal),
    placeholderData: keepPreviousData,
  });

export function useOrders(params: OrderListParams) {
  return useQuery(ordersQueryOptions(params));
}
