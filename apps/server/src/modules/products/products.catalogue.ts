import type { FastifyInstance } from 'fastify';
import type { Product } from '@stellar/shared';
import type { CachedJson, JsonCache } from '../../lib/json-cache';
import { sharedCacheUntilEvent } from '../events';
import { listProducts } from './products.service';

const parsed = new WeakMap<CachedJson, Product[]>();

/**
 * The catalogue kept in memory: it changes only through the seed or a command that records
 * catalogue.changed, which clears it in every process. GET /api/products serves its text; other
 * reads (the reseller panel) take its value from catalogueOf().
 */
export function catalogueCache(app: FastifyInstance): Promise<JsonCache> {
  return sharedCacheUntilEvent(app, 'catalogue.changed', () => listProducts(app.db));
}

/** The catalogue as listProducts() answers it, from the cache: parsed once per cached text. */
export async function catalogueOf(cache: JsonCache): Promise<Product[]> {
  return parsedCatalogue(await cache.get());
}

/** The value of one cached catalogue text (catalogueCache's get() or peek()), parsed once. */
export function parsedCatalogue(json: CachedJson): Product[] {
  let value = parsed.get(json);
  if (!value) parsed.set(json, (value = JSON.parse(json.body) as Product[]));
  return value;
}
