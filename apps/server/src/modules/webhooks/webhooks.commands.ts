import { randomBytes } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import {
  ADMIN_ROLES,
  RESELLER_WEBHOOK_EVENTS,
  type CreateWebhookBody,
  type UpdateWebhookBody,
  type Webhook,
  type WebhookDelivery,
} from '@stellar/shared';
import type { Db } from '../../db/client';
import { events, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { encrypt } from '../../lib/crypto';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { writeAudit } from '../audit';
import { ownWebhook, presentDelivery, presentWebhook } from './webhooks.queries';

export const MAX_WEBHOOKS = 20;
export const RESELLER_EVENTS_ONLY =
  'Resellers can subscribe only to events about their own keys and balance.';
export const WEBHOOK_DISABLED = 'This webhook is disabled. Turn it on before redelivering.';
export const DELIVERY_NOT_FOUND = 'Delivery not found.';

type Owner = Actor & { id: string };

function checkEvents(actor: Owner, names: readonly string[] | undefined) {
  if (!names || (actor.role && ADMIN_ROLES.includes(actor.role))) return;
  if (names.some((n) => !(RESELLER_WEBHOOK_EVENTS as readonly string[]).includes(n))) {
    throw badRequest(RESELLER_EVENTS_ONLY, { events: RESELLER_EVENTS_ONLY });
  }
}

/** Registers an endpoint; its signing secret is returned once and kept sealed. */
export async function createWebhook(
  db: Db,
  encryptionKey: Buffer,
  actor: Owner,
  input: CreateWebhookBody,
): Promise<{ webhook: Webhook; secret: string }> {
  checkEvents(actor, input.events);
  const secret = `whsec_${randomBytes(32).toString('base64url')}`;
  return db.transaction(async (tx) => {
    const [mine] = await tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.userId, actor.id));
    if ((mine?.n ?? 0) >= MAX_WEBHOOKS) {
      throw badRequest(`You can have at most ${MAX_WEBHOOKS} webhooks.`);
    }
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        userId: actor.id,
        url: input.url,
        kind: input.kind,
        events: [...new Set(input.events)],
        secretSealed: encrypt(encryptionKey, secret),
      })
      .returning();
    await writeAudit(tx, actor, {
      action: 'webhook.create',
      targetType: 'webhook',
      targetId: row!.id,
      details: { url: row!.url, kind: row!.kind, events: row!.events },
    });
    return { webhook: presentWebhook(row!), secret };
  });
}

/** Changes the URL or events, or turns a disabled endpoint back on (clearing the failure). */
export async function updateWebhook(db: Db, actor: Owner, id: string, input: UpdateWebhookBody) {
  checkEvents(actor, input.events);
  await ownWebhook(db, actor.id, id);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        ...(input.url ? { url: input.url } : {}),
        ...(input.events ? { events: [...new Set(input.events)] } : {}),
        ...(input.enabled === true
          ? { disabledAt: null, disabledReason: null, failingSince: null, eventsSince: new Date() }
          : input.enabled === false
            ? { disabledAt: new Date(), disabledReason: 'Turned off by its owner.' }
            : {}),
      })
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, actor.id)))
      .returning();
    if (!row) throw notFound('Webhook not found.');
    await writeAudit(tx, actor, {
      action: 'webhook.update',
      targetType: 'webhook',
      targetId: id,
      details: { ...input },
    });
    return { webhook: presentWebhook(row) };
  });
}

/** Deletes an endpoint and its log. */
export async function deleteWebhook(db: Db, actor: Owner, id: string) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, actor.id)))
      .returning({ id: webhookEndpoints.id, url: webhookEndpoints.url });
    if (!row) throw notFound('Webhook not found.');
    await writeAudit(tx, actor, {
      action: 'webhook.delete',
      targetType: 'webhook',
      targetId: id,
      details: { url: row.url },
    });
  });
  return { message: 'Webhook deleted.' };
}

/**
 * Sends an event again from the log: a new attempt of the same event (same id), due now,
 * made once (its failure schedules no retries).
 */
export async function redeliver(
  db: Db,
  actor: Owner,
  deliveryId: string,
): Promise<WebhookDelivery> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints, type: events.type })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .innerJoin(events, eq(events.id, webhookDeliveries.eventId))
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookEndpoints.userId, actor.id)));
    if (!found) throw notFound(DELIVERY_NOT_FOUND);
    if (found.endpoint.disabledAt) throw conflict(WEBHOOK_DISABLED);
    const { endpointId, eventId, eventSeq } = found.delivery;
    const [row] = await tx
      .insert(webhookDeliveries)
      .values({
        endpointId,
        eventId,
        eventSeq,
        attempt: sql`(select coalesce(max(attempt), 0) + 1 from webhook_deliveries
                      where endpoint_id = ${endpointId} and event_id = ${eventId})`,
        manual: 1,
      })
      .returning();
    await writeAudit(tx, actor, {
      action: 'webhook.redeliver',
      targetType: 'webhook',
      targetId: endpointId,
      details: { eventId, deliveryId },
    });
    return presentDelivery(row!, found.type);
  });
}
