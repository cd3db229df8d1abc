import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, rows, signedIn, type TestContext } from '../../../test/harness';
import { licenceMachines, plans, products } from '../../db/schema';
import { freshIp, LAUNCHER, ownerKeys, redeem, setGlobalSettings } from '../keys/keys.fixtures';

/** Staff edits of what the licence check reads (variables, machines per plan), and machine ownership. */
let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await signedIn(ctx, 'Owner');
});
afterAll(() => ctx.close());

type Headers = Record<string, string>;
const put = (url: string, headers: Headers, payload: string | object) =>
  ctx.app.inject({
    method: 'PUT',
    url,
    headers: { ...headers, 'content-type': 'application/json' },
    payload,
    remoteAddress: freshIp(),
  });
const variablesUrl = `/api/admin/products/${LAUNCHER._id}/variables`;
const storedVariables = async () =>
  (await ctx.db.select().from(products).where(eq(products.id, LAUNCHER._id)))[0]!.variables;

describe('product variables', () => {
  it('malformed JSON, a non-object and more than 4096 bytes are 400s with clear messages; nothing is saved', async () => {
    const before = await storedVariables();
    const malformed = await put(variablesUrl, owner.auth, '{"variables": {"latest": ');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'The request body is not valid JSON.' });

    const notObject = await put(variablesUrl, owner.auth, { variables: 'latest=2.4' });
    expect(notObject.statusCode).toBe(400);
    expect(notObject.json().errors).toEqual({ variables: 'Variables must be a JSON object.' });

    // {"blob":"…"} is 11 bytes around the string: 4086 characters make 4097 bytes.
    const tooBig = await put(variablesUrl, owner.auth, { variables: { blob: 'x'.repeat(4086) } });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().errors).toEqual({
      variables: 'Variables must be at most 4096 bytes of JSON.',
    });
    expect(await storedVariables()).toEqual(before);

    const justFits = await put(variablesUrl, owner.auth, { variables: { blob: 'x'.repeat(4085) } });
    expect(justFits.statusCode, justFits.body).toBe(200);
    expect(justFits.json()).toEqual({ message: 'Variables saved.' });
    const audit = await rows<{ actor_id: string; action: string }>(
      ctx,
      sql`select actor_id, action from audit_log where action = 'product.variables' and target_id = ${LAUNCHER._id}`,
    );
    expect(audit).toEqual([{ actor_id: owner.user.id, action: 'product.variables' }]);
    await put(variablesUrl, owner.auth, { variables: {} });
  });
});

describe('machines per plan', () => {
  it('saves 1..100 in the plan row with an audit row; Support is refused; an unknown plan is a 404', async () => {
    const [plan] = await ctx.db.select().from(plans).where(eq(plans.productId, LAUNCHER._id));
    const url = `/api/admin/plans/${plan!.id}/machines`;
    const support = await signedIn(ctx, 'Support');
    const refused = await put(url, support.auth, { maxMachines: 5 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'You do not have permission to do this.' });

    const ok = await put(url, owner.auth, { maxMachines: 100 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ message: 'Machines per licence saved.' });
    const [row] = await ctx.db.select().from(plans).where(eq(plans.id, plan!.id));
    expect(row!.maxMachines).toBe(100);
    const audit = await rows<{ action: string; details: Record<string, unknown> }>(
      ctx,
      sql`select action, details from audit_log where target_id = ${plan!.id}`,
    );
    expect(audit).toEqual([
      {
        action: 'plan.machines',
        details: { productId: LAUNCHER._id, plan: plan!.name, maxMachines: 100 },
      },
    ]);

    const tooMany = await put(url, owner.auth, { maxMachines: 101 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toEqual({ maxMachines: 'Must be at most 100.' });
    const unknown = await put(
      '/api/admin/plans/00000000-0000-4000-8000-000000000000/machines',
      owner.auth,
      { maxMachines: 2 },
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Unknown plan.' });
    await put(url, owner.auth, { maxMachines: 1 });
  });
});

describe('machine removal', () => {
  it("a machine of another licence cannot be removed through one's own licence (404, the row stays)", async () => {
    await setGlobalSettings(ctx, { allowHwidReset: true, hwidResetCooldownHours: 0 });
    const mine = await member();
    const theirs = await member();
    // Binds simulated directly, as the licence check would record them.
    const [their] = await ctx.db
      .insert(licenceMachines)
      .values({ licenceId: theirs.licenceId, hwid: `hwid-${randomBytes(8).toString('hex')}` })
      .returning({ id: licenceMachines.id });
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/licences/${mine.licenceId}/machines/${their!.id}`,
      headers: mine.auth,
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Machine not found.' });
    const left = await ctx.db
      .select()
      .from(licenceMachines)
      .where(eq(licenceMachines.id, their!.id));
    expect(left).toHaveLength(1);
  });
});

async function member() {
  const who = await signedIn(ctx);
  const [voucher] = await ownerKeys(ctx, owner, LAUNCHER._id);
  const res = await redeem(ctx, who.auth, voucher!);
  expect(res.statusCode, res.body).toBe(200);
  return { auth: who.auth, licenceId: (res.json().product as { _id: string })._id };
}
