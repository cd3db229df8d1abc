import type { StoredEvent } from '../events';

/** The body every endpoint receives; `id` is the event's, the same on every attempt. */
export interface WebhookPayload {
  id: string;
  type: string;
  createdAt: string;
  data: Record<string, unknown>;
}

export function payloadOf(
  event: Pick<StoredEvent, 'id' | 'type' | 'createdAt' | 'payload'>,
): WebhookPayload {
  return {
    id: event.id,
    type: event.type,
    createdAt: event.createdAt.toISOString(),
    data: event.payload ?? {},
  };
}
