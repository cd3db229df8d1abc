/** Domain events written to the outbox by commands. Webhook-visible types are a public contract. */
export const WEBHOOK_EVENT_TYPES = [
  'order.paid',
  'order.refunded',
  'order.needs_attention',
  'licence.created',
  'licence.extended',
  'licence.expiring',
  'licence.revoked',
  'hwid.reset',
  'key.redeemed',
  'reseller.balance.changed',
  'ticket.created',
  'ticket.message.created',
  'ticket.escalated',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Events only the server itself consumes (live updates, cache invalidation). */
export const INTERNAL_EVENT_TYPES = [
  'chat.message.created',
  'ticket.updated',
  'ticket.deleted',
  'order.updated',
  'top_up.updated',
  'catalogue.changed',
  'coupon.changed',
  'maintenance.changed',
  'settings.changed',
  'user.access_changed',
] as const;
export type InternalEventType = (typeof INTERNAL_EVENT_TYPES)[number];

export type EventType = WebhookEventType | InternalEventType;
