import type { FastifyInstance } from 'fastify';
import type { JsonCache } from '../../lib/json-cache';
import { cacheUntilEvent } from '../events';
import { getMaintenanceStatus } from './maintenance.service';

// One cache per app (keyed by its HTTP server, shared by every encapsulated plugin of that app).
const caches = new WeakMap<object, Promise<JsonCache>>();

/**
 * The maintenance map kept in memory: switches change only through setMaintenance, which records
 * maintenance.changed, heard by every process. GET /api/maintenance/status serves its text; the
 * server-rendered product pages are rendered with it (plugins/product-pages.ts).
 */
export function maintenanceCache(app: FastifyInstance): Promise<JsonCache> {
  let cache = caches.get(app.server);
  if (!cache) {
    cache = cacheUntilEvent(app, 'maintenance.changed', () => getMaintenanceStatus(app.db));
    caches.set(app.server, cache);
  }
  return cache;
}
