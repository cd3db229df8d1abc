import { and, desc, eq } from 'drizzle-orm';
import type { Webhook, WebhookDelivery } from '@stellar/shared';
import type { Db } from '../../db/client';
import { events, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { notFound } from '../../lib/http-errors';

export const WEBHOOK_NOT_FOUND = 'Webhook not found.';

/** An endpoint as its owner sees it: the secret never leaves after creation. */
export function presentWebhook(row: typeof webhookEndpoints.$inferSelect): Webhook {
  return {
    _id: row.id,
    url: row.url,
    kind: row.kind,
    events: row.events,
    disabledReason: row.disabledAt ? (row.disabledReason ?? 'Disabled.') : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentDelivery(
  row: typeof webhookDeliveries.$inferSelect,
  type: string,
): WebhookDelivery {
  return {
    _id: row.id,
    eventId: row.eventId,
    type,
    attempt: row.attempt,
    status: row.status,
    responseStatus: row.responseStatus,
    durationMs: row.durationMs,
    responseBody: row.responseBody,
    error: row.error,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The user's endpoints, newest first. */
export async function listWebhooks(db: Db, userId: string): Promise<Webhook[]> {
  const found = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId))
    .orderBy(desc(webhookEndpoints.createdAt));
  return found.map(presentWebhook);
}

/** One of the user's endpoints, or 404 (another user's endpoint does not exist for them). */
export async function ownWebhook(db: Db, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)));
  if (!row) throw notFound(WEBHOOK_NOT_FOUND);
  return row;
}

/** The endpoint's attempts log, newest first (last 100). */
export async function listDeliveries(db: Db, userId: string, endpointId: string) {
  await ownWebhook(db, userId, endpointId);
  const found = await db
    .select({ delivery: webhookDeliveries, type: events.type })
    .from(webhookDeliveries)
    .innerJoin(events, eq(events.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.attempt))
    .limit(100);
  return found.map((r) => presentDelivery(r.delivery, r.type));
}
