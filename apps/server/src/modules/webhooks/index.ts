export { fanOut, sendDue } from './dispatcher';
export { emitExpiringLicences } from './licence-expiring';
export { signatureHeader } from './signature';
export { nextAttemptAt, RETRY_DELAYS_MS } from './retry-schedule';
