import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createTestApp, createUser, rows, type TestContext } from '../../../test/harness';
import { licenceKeys, licences } from '../../db/schema';
import { LAUNCHER } from '../keys/keys.fixtures';

const migration = readFileSync(
  path.join(
    path.dirname(fileURLToPath(import.meta.url)),
    '../../db/migrations/0005_licence_own_key.sql',
  ),
  'utf8',
);
/** The migration's backfill statement: licences older than their own key keep their first voucher. */
const backfill = migration.split('--> statement-breakpoint').find((s) => s.includes('UPDATE'))!;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('licence keys of licences created before them', () => {
  it('the upgrade gives an old licence its first redeemed code, so its tool keeps working', async () => {
    const member = await createUser(ctx);
    // A licence as the previous release stored it: a random key from the column default, two
    // vouchers redeemed into it, the older one being what the member's tool is configured with.
    const [licence] = await ctx.db
      .insert(licences)
      .values({
        userId: member.id,
        productId: LAUNCHER._id,
        expiresAt: new Date(Date.now() + 30 * 86_400_000),
      })
      .returning();
    expect(licence!.licenceKey).toMatch(/^STLL(-[0-9A-F]{5}){4}$/);
    const code = () =>
      `STLR-${randomBytes(10).toString('hex').toUpperCase().match(/.{5}/g)!.slice(0, 4).join('-')}`;
    const [first, second] = [code(), code()];
    await ctx.db.insert(licenceKeys).values(
      [
        { code: second, redeemedAt: new Date(Date.now() - 1_000) },
        { code: first, redeemedAt: new Date(Date.now() - 60_000) },
      ].map((k) => ({
        ...k,
        productId: LAUNCHER._id,
        durationDays: 7,
        redeemedBy: member.id,
        licenceId: licence!.id,
      })),
    );

    await ctx.db.execute(sql.raw(backfill));

    const [after] = await rows<{ licence_key: string }>(
      ctx,
      sql`select licence_key from licences where id = ${licence!.id}`,
    );
    expect(after!.licence_key).toBe(first);
    const check = await ctx.app.inject({
      method: 'POST',
      url: '/api/client/validate',
      payload: {
        key: first,
        hwid: 'old-tool-machine',
        product: LAUNCHER.slug,
        nonce: 'n'.repeat(16),
      },
    });
    expect(check.json()).toMatchObject({ valid: true, code: 'VALID' });
  });
});
