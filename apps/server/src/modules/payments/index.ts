export { createBtcpayClient } from './btcpay-client';
export { createTestProcessor, setTestInvoiceStatus, TEST_CHECKOUT_PATH } from './test-processor';
export { reconcileOnce } from './reconciler';
export { applyInvoice, decide, ATTENTION } from './apply-invoice';
export { deliverOrder } from './delivery.commands';
export {
  listTopUps,
  presentOrder,
  presentTopUp,
  topUpsFromJson,
  topUpsJson,
} from './orders.queries';
export { btcpaySignature, verifyBtcpaySignature } from './webhook-signature';
export type { PaymentProcessor, ProcessorInvoice } from './processor';
export type { PaymentsContext } from './orders.commands';
