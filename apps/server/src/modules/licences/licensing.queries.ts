import { asc, eq } from 'drizzle-orm';
import type { LicensingProduct } from '@stellar/shared';
import type { Db } from '../../db/client';
import { plans, products } from '../../db/schema';

/** Every product with its variables and its plans' machine limits, in catalogue order. */
export async function licensingOverview(db: Db): Promise<LicensingProduct[]> {
  const rows = await db
    .select({
      id: products.id,
      title: products.title,
      variables: products.variables,
      planId: plans.id,
      planName: plans.name,
      maxMachines: plans.maxMachines,
    })
    .from(products)
    .leftJoin(plans, eq(plans.productId, products.id))
    .orderBy(asc(products.sortOrder), asc(plans.durationDays));
  const byId = new Map<string, LicensingProduct>();
  for (const row of rows) {
    let product = byId.get(row.id);
    if (!product) {
      product = { id: row.id, title: row.title, variables: row.variables, plans: [] };
      byId.set(row.id, product);
    }
    if (row.planId && row.planName && row.maxMachines !== null) {
      product.plans.push({ id: row.planId, name: row.planName, maxMachines: row.maxMachines });
    }
  }
  return [...byId.values()];
}
