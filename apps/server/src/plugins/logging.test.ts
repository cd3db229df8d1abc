import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { createLoggedApp } from '../../test/harness';

describe('request logs', () => {
  let lines: string[];
  let app: App;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ app, lines, close } = await createLoggedApp());
    await app.ready();
  });
  afterAll(() => close());

  it('write one JSON line per request with an id, and never the password or token', async () => {
    const password = 'very-secret-password-123';
    await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: 'loggeduser', password },
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'loggeduser', password },
    });
    const { token } = login.json();
    await app.inject({ url: '/api/users/user', headers: { authorization: `Bearer ${token}` } });
    const all = lines.join('');
    expect(all).not.toContain(password);
    expect(all).not.toContain(token);
    const completed = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request completed');
    expect(completed).toHaveLength(3);
    for (const entry of completed) expect(entry.reqId).toMatch(/^req-/);
  });
});
