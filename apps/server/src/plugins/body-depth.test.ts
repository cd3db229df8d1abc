import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestContext } from '../../test/harness';
import { LAUNCHER, ownerKeys, redeem, setGlobalSettings } from '../modules/keys/keys.fixtures';
import { jsonDepth, MAX_BODY_DEPTH } from './body-depth';

const nested = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

describe('deeply nested JSON bodies', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('measures depth without recursion', () => {
    expect(jsonDepth(1)).toBe(0);
    expect(jsonDepth({ a: [1, { b: 2 }] })).toBe(3);
    expect(jsonDepth(JSON.parse(nested(20_000)))).toBe(20_000);
  });

  it('answers 400, never 500, and stores nothing (5,000 levels of licence settings)', async () => {
    await setGlobalSettings(ctx, { allowSettingsAccess: true });
    const owner = await signedIn(ctx, 'Owner');
    const member = await signedIn(ctx);
    const [voucher] = await ownerKeys(ctx, owner, LAUNCHER._id);
    const { _id } = (await redeem(ctx, member.auth, voucher!)).json().product as { _id: string };
    const put = (settingsJson: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/licences/${_id}/settings`,
        headers: { ...member.auth, 'content-type': 'application/json' },
        payload: `{"settings":${settingsJson}}`,
      });
    const deep = await put(nested(5_000));
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toEqual({
      message: `The request body is nested too deeply (at most ${MAX_BODY_DEPTH} levels).`,
    });
    // The limit counts the whole body: {"settings": ...} is one level.
    expect((await put(nested(MAX_BODY_DEPTH))).statusCode).toBe(400);
    expect((await put(nested(MAX_BODY_DEPTH - 1))).statusCode).toBe(200);
    const saved = await ctx.app.inject({
      url: `/api/licences/${_id}/settings`,
      headers: member.auth,
    });
    // Stored whole: the answer wraps the 63 levels in its own object.
    expect(jsonDepth(saved.json())).toBe(MAX_BODY_DEPTH);
  });
});
