import { tickets } from '../../db/schema';
import type { TestContext } from '../../../test/harness';

/** Test factory: a ticket owned by `owner`, inserted directly. */
export async function insertTicket(
  ctx: TestContext,
  owner: { id: string; username: string },
  overrides: Partial<typeof tickets.$inferInsert> = {},
) {
  const [row] = await ctx.db
    .insert(tickets)
    .values({ userId: owner.id, username: owner.username, message: 'Help, please', ...overrides })
    .returning();
  return row!;
}
