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

// The shared caches of each app (keyed by its HTTP server, the same for every encapsulated plugin).
const shared = new WeakMap<object, Map<string, Promise<JsonCache>>>();

/**
 * The one cacheUntilEvent of `type` for `app`: every plugin that reads the same data (a route and the
 * pages rendered from it) gets the same cache, so one event clears it once for all of them.
 */
export function sharedCacheUntilEvent(
  app: FastifyInstance,
  type: string,
  load: () => Promise<unknown>,
): Promise<JsonCache> {
  let caches = shared.get(app.server);
  if (!caches) shared.set(app.server, (caches = new Map()));
  let cache = caches.get(type);
  if (!cache) caches.set(type, (cache = cacheUntilEvent(app, type, load)));
  return cache;
}
