import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestContext } from '../../../test/harness';
import { users } from '../../db/schema';

describe('sessions read together (one query per turn of the event loop)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('answers 40 concurrent requests each as its own user; a banned user and a bad token in the same batch get 401', async () => {
    const members = await Promise.all(Array.from({ length: 20 }, () => signedIn(ctx)));
    const banned = await signedIn(ctx);
    await ctx.db.update(users).set({ bannedAt: new Date() }).where(eq(users.id, banned.user.id));
    const callers = [
      ...members,
      ...members.map((m) => m),
      banned,
      { user: null, auth: { authorization: 'Bearer not-a-session-token' } },
    ];
    const answers = await Promise.all(
      callers.map((c) => ctx.app.inject({ url: '/api/users/user', headers: c.auth })),
    );
    callers.forEach((c, i) => {
      const res = answers[i]!;
      if (c.user && c !== banned) {
        expect(res.statusCode).toBe(200);
        expect(res.json().username).toBe(c.user.username);
      } else {
        expect(res.statusCode).toBe(401);
      }
    });
  });
});
