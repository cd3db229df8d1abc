import { asc } from 'drizzle-orm';
import { centsToDollars, type Product } from '@stellar/shared';
import type { Db } from '../../db/client';
import { plans, products } from '../../db/schema';

/** The catalogue in the spec's shape: products in order, each with its plans in order. */
export async function listProducts(db: Db): Promise<Product[]> {
  const [productRows, planRows] = await Promise.all([
    db.select().from(products).orderBy(asc(products.sortOrder)),
    db.select().from(plans).orderBy(asc(plans.sortOrder)),
  ]);
  return productRows.map((p) => ({
    _id: p.id,
    slug: p.slug,
    title: p.title,
    description: p.description,
    features: p.features,
    pricing: planRows
      .filter((plan) => plan.productId === p.id)
      .map((plan) => ({
        plan: plan.name,
        duration: plan.durationLabel,
        durationDays: plan.durationDays,
        price: centsToDollars(plan.priceCents),
      })),
  }));
}
