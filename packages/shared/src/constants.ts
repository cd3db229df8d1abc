/** Roles a user can hold, lowest to highest privilege (Reseller sits beside Member). */
export const ROLES = ['Member', 'Support', 'Reseller', 'Admin', 'Owner'] as const;
export type Role = (typeof ROLES)[number];

/** Roles that work the support desk: every ticket, send as Support, escalate. */
export const STAFF_ROLES: readonly Role[] = ['Support', 'Admin', 'Owner'];
/** Roles that run the shop. */
export const ADMIN_ROLES: readonly Role[] = ['Admin', 'Owner'];
/** Roles that may open the reseller panel. */
export const RESELL_ROLES: readonly Role[] = ['Reseller', 'Admin', 'Owner'];

/** Pages an admin can put under maintenance. */
export const MAINTENANCE_PAGES = [
  'stellar-launcher',
  'clothing-bot',
  'other',
  'chat',
  'user-dashboard',
  'resell-panel',
  'contact',
] as const;
export type MaintenancePage = (typeof MAINTENANCE_PAGES)[number];

export const TICKET_PRIORITIES = ['Low', 'Medium', 'High'] as const;
export const TICKET_REASONS = [
  'General Inquiry',
  'Bug Report',
  'Feature Request',
  'Billing Issue',
] as const;

export const LIMITS = {
  usernameMin: 3,
  usernameMax: 24,
  passwordMin: 8,
  passwordMax: 128,
  backupCodeCount: 10,
  keyQuantityMin: 1,
  keyQuantityMax: 500,
  licenceSettingsMaxBytes: 16 * 1024,
  faqCollapsedCount: 2,
  copiedFeedbackMs: 2000,
} as const;

/** Where the web app keeps the session token. */
export const TOKEN_STORAGE_KEY = 'auth_token';

/** Reseller balance top-ups, in dollars (docs/product.md#money). */
export const ORDER_LIMITS = {
  topUpMin: 10,
  topUpMax: 10_000,
} as const;
