import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../../test/harness';
import { users } from '../schema';
import { seed } from './index';

describe('the first Owner', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // createTestApp seeds without an Owner; the users table is empty.
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('with a printed random password must choose a new one at first sign-in', async () => {
    const lines: string[] = [];
    await seed(ctx.db, { log: (line) => lines.push(line) });
    const password = /with password "([^"]+)"/.exec(lines.join('\n'))![1]!;
    const [owner] = await ctx.db.select().from(users).where(eq(users.username, 'owner'));
    expect(owner).toMatchObject({ role: 'Owner', mustChangePassword: true });

    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'owner', password },
    });
    expect(login.statusCode).toBe(200);
    const auth = { authorization: `Bearer ${login.json().token}` };
    const blocked = await ctx.app.inject({ url: '/api/users', headers: auth });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({
      message: 'You must choose a new password before continuing.',
    });
    const change = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: auth,
      payload: { currentPassword: password, newPassword: 'a-password-of-my-own' },
    });
    expect(change.statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/users', headers: auth })).statusCode).toBe(200);
  });
});
