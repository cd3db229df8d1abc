import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestContext } from '../../../test/harness';
import { startReceiver, type Receiver } from '../../../test/receiver';
import { freshIp, LAUNCHER, ownerKeys, redeem } from '../keys/keys.fixtures';
import { createEndpoint } from '../webhooks/webhooks.fixtures';

/** licence.revoked is in the public event catalogue: a staff endpoint receives it from the outbox. */
let ctx: TestContext;
let receiver: Receiver;
beforeAll(async () => {
  [ctx, receiver] = await Promise.all([createTestApp(), startReceiver()]);
});
afterAll(async () => {
  await ctx.close();
  await receiver.stop();
});

describe('licence.revoked webhook', () => {
  it('reaches a staff endpoint with the licence, its product and the reason', async () => {
    const owner = await signedIn(ctx, 'Owner');
    await createEndpoint(ctx, owner.auth, {
      url: receiver.url('revoked'),
      events: ['licence.revoked'],
    });
    const member = await signedIn(ctx);
    const [voucher] = await ownerKeys(ctx, owner, LAUNCHER._id);
    const redeemed = await redeem(ctx, member.auth, voucher!);
    const licence = redeemed.json().product as { _id: string; licenceKey: string };
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/licences/revoke',
      headers: owner.auth,
      payload: { key: licence.licenceKey, reason: 'Chargeback' },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
    await expect
      .poll(async () => (await receiver.requests('revoked')).length, { timeout: 15_000 })
      .toBe(1);
    const [got] = (await receiver.requests('revoked')).map((r) => JSON.parse(r.body));
    expect(got.type).toBe('licence.revoked');
    expect(got.data).toEqual({
      licenceId: licence._id,
      productId: LAUNCHER._id,
      reason: 'Chargeback',
    });
  });
});
