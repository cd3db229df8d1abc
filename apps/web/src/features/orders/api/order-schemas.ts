import {
  MESSAGES,
  ORDER_LIMITS,
  ORDER_STATUS_VALUES,
  topUpSchema,
  type OrderStatusValue,
  type PaymentsStatus,
} from '@stellar/shared';
import { z } from 'zod';

// The payment shapes live once, in packages/shared (schemas/orders.ts): the server answers with them and
// the web app parses with them. This file only names what the orders feature adds on top.
export {
  createOrderResponseSchema,
  createTopUpResponseSchema,
  orderSchema,
  ordersListResponseSchema as ordersResponseSchema,
  paymentsStatusSchema,
  type CreateOrderBody,
  type Order,
  type TopUp,
} from '@stellar/shared';

export const ORDER_STATUSES = ORDER_STATUS_VALUES;
export type OrderStatus = OrderStatusValue;
export type PaymentMode = PaymentsStatus['mode'];

/** The part of GET /api/resellers/me that lists top-ups. */
export const resellerTopUpsSchema = z.object({ topUps: z.array(topUpSchema).default([]) });

/** The server's answer when neither BTCPay nor test mode is configured (503). */
export const PAYMENTS_NOT_SET_UP = MESSAGES.paymentsNotSetUp;
export const TEST_MODE_BANNER = MESSAGES.paymentsTestBanner;
/** Top-up bounds in dollars (issue 12). */
export const TOP_UP_MIN = ORDER_LIMITS.topUpMin;
export const TOP_UP_MAX = ORDER_LIMITS.topUpMax;
