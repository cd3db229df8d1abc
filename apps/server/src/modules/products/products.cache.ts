import { createHash } from 'node:crypto';
import type { Db } from '../../db/client';
import { listProducts } from './products.service';

/** The catalogue as served: its JSON text once, and a strong ETag of it. */
export interface CachedCatalogue {
  body: string;
  etag: string;
}

/**
 * The public catalogue from memory: read once (two queries), then served as the same text until an
 * outbox `catalogue.changed` event (any process) clears it. Concurrent first reads share one load.
 */
export class CatalogueCache {
  private current: Promise<CachedCatalogue> | null = null;
  private generation = 0;

  constructor(private readonly db: Db) {}

  get(): Promise<CachedCatalogue> {
    if (!this.current) {
      const generation = this.generation;
      const loading = listProducts(this.db).then((products) => {
        const body = JSON.stringify(products);
        return {
          body,
          etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
        };
      });
      this.current = loading;
      // A failed read is not kept; a read that raced an invalidation is not kept either.
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
