import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { plans, products } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/http-errors';
import { writeAudit } from '../audit';

export const UNKNOWN_PRODUCT = 'Unknown product.';
export const UNKNOWN_PLAN = 'Unknown plan.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Staff set a product's variables (returned inside VALID answers of the licence check). */
export async function setProductVariables(
  db: Db,
  actor: Actor,
  productId: string,
  variables: Record<string, unknown>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(products)
      .set({ variables })
      .where(eq(products.id, productId))
      .returning({ id: products.id });
    if (!row) throw notFound(UNKNOWN_PRODUCT);
    await writeAudit(tx, actor, {
      action: 'product.variables',
      targetType: 'product',
      targetId: productId,
      details: { bytes: JSON.stringify(variables).length },
    });
  });
}

/** Staff set how many machines a plan allows (licences created or extended from now on). */
export async function setPlanMachines(
  db: Db,
  actor: Actor,
  planId: string,
  maxMachines: number,
): Promise<void> {
  if (!UUID.test(planId)) throw notFound(UNKNOWN_PLAN);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(plans)
      .set({ maxMachines })
      .where(eq(plans.id, planId))
      .returning({ id: plans.id, productId: plans.productId, name: plans.name });
    if (!row) throw notFound(UNKNOWN_PLAN);
    await writeAudit(tx, actor, {
      action: 'plan.machines',
      targetType: 'plan',
      targetId: planId,
      details: { productId: row.productId, plan: row.name, maxMachines },
    });
  });
}
