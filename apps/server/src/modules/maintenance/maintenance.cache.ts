import { createHash } from 'node:crypto';
import type { Db } from '../../db/client';
import { getMaintenanceStatus } from './maintenance.service';

/** The maintenance map as served: its JSON text once, and a strong ETag of it. */
export interface CachedStatus {
  body: string;
  etag: string;
}

/**
 * GET /api/maintenance/status (fetched by every page load) from memory: read once, then served as
 * the same text until an outbox `maintenance.changed` event (any process) clears it. Concurrent
 * first reads share one load; a load that raced an invalidation is not kept.
 */
export class MaintenanceStatusCache {
  private current: Promise<CachedStatus> | null = null;
  private generation = 0;

  constructor(private readonly db: Db) {}

  get(): Promise<CachedStatus> {
    if (!this.current) {
      const generation = this.generation;
      const loading = getMaintenanceStatus(this.db).then((status) => {
        const body = JSON.stringify(status);
        return {
          body,
          etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
        };
      });
      this.current = loading;
      loading.catch(() => {
        if (this.current === loading) this.current = null;
      });
      void loading.then(() => {
        if (this.generation !== generation && this.current === loading) this.current = null;
      });
    }
    return this.current;
  }

  invalidate(): void {
    this.generation += 1;
    this.current = null;
  }
}
