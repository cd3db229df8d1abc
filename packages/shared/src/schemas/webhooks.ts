import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES } from '../events';

export const WEBHOOK_KINDS = ['http', 'discord'] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];

const webhookUrlSchema = z
  .string({ error: 'URL is required.' })
  .trim()
  .max(2048)
  .url('Enter a valid URL.')
  .refine((u) => /^https?:\/\//i.test(u), 'The URL must start with http:// or https://.');
const webhookEventsSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: 'Unknown event type.' }), {
    error: 'Choose events.',
  })
  .min(1, 'Choose at least one event.')
  .max(WEBHOOK_EVENT_TYPES.length);

/** POST /api/webhooks */
export const createWebhookBodySchema = z.strictObject({
  url: webhookUrlSchema,
  events: webhookEventsSchema,
  kind: z.enum(WEBHOOK_KINDS, { error: 'Kind must be http or discord.' }).default('http'),
});
export type CreateWebhookBody = z.infer<typeof createWebhookBodySchema>;

/** PATCH /api/webhooks/{id}: change the URL or events, or turn a disabled endpoint back on. */
export const updateWebhookBodySchema = z.strictObject({
  url: webhookUrlSchema.optional(),
  events: webhookEventsSchema.optional(),
  enabled: z.boolean().optional(),
});
export type UpdateWebhookBody = z.infer<typeof updateWebhookBodySchema>;

export const webhookSchema = z.object({
  _id: z.string(),
  url: z.string(),
  kind: z.enum(WEBHOOK_KINDS),
  events: z.array(z.string()),
  disabledReason: z.string().nullable(),
  createdAt: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const createWebhookResponseSchema = z.object({ webhook: webhookSchema, secret: z.string() });
export const webhookResponseSchema = z.object({ webhook: webhookSchema });
export const webhooksResponseSchema = z.object({ webhooks: z.array(webhookSchema) });

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export const webhookDeliverySchema = z.object({
  _id: z.string(),
  eventId: z.string(),
  type: z.string(),
  attempt: z.number(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  responseStatus: z.number().nullable(),
  durationMs: z.number().nullable(),
  responseBody: z.string().nullable(),
  error: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveriesResponseSchema = z.object({
  deliveries: z.array(webhookDeliverySchema),
});
export const redeliverResponseSchema = z.object({ delivery: webhookDeliverySchema });

/** What a Reseller's endpoints may subscribe to: events about its own keys and balance. */
export const RESELLER_WEBHOOK_EVENTS = ['key.redeemed', 'reseller.balance.changed'] as const;
