import type { FastifyInstance } from 'fastify';
import { JsonCache } from '../../lib/json-cache';
import { EVENTS_CHANNEL } from './events.service';

/**
 * A JsonCache of `load` that every process clears when it hears an outbox event of `type` (the
 * command that changes the data records it in its transaction). Stops listening when `app` closes.
 */
export async function cacheUntilEvent(
  app: FastifyInstance,
  type: string,
  load: () => Promise<unknown>,
): Promise<JsonCache> {
  const cache = new JsonCache(load);
  const marker = `"type":${JSON.stringify(type)}`;
  const unlisten = await app.database.listen(EVENTS_CHANNEL, (payload) => {
    if (payload.includes(marker)) cache.invalidate();
  });
  app.addHook('onClose', async () => {
    await unlisten().catch(() => undefined);
  });
  return cache;
}
