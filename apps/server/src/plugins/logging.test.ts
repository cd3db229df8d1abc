import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import { openTestDatabase } from '../../test/harness';
import { seed } from '../db/seed';

describe('request logs', () => {
  const lines: string[] = [];
  let app: App;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const opened = await openTestDatabase();
    drop = opened.drop;
    await seed(opened.database.db, { skipOwner: true });
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    app = await buildApp({
      config: loadConfig({ WEB_DIST: '/nonexistent' }),
      database: opened.database,
      logStream: stream,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await drop();
  });

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
