import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';

/**
 * A throw-away PostgreSQL cluster of our own (initdb in a temp folder, its own port), so a test
 * can stop and start the server without disturbing the shared one other tests use.
 * Needs Debian's PostgreSQL binaries; as root it runs them as the `postgres` OS user.
 */
export class PrivatePostgres {
  readonly dir: string;
  readonly port: number;
  private readonly bin: string;

  private constructor(bin: string, port: number) {
    this.bin = bin;
    this.port = port;
    this.dir = mkdtempSync(path.join(tmpdir(), 'stellar-pg-'));
  }

  static available(): boolean {
    return PrivatePostgres.binDir() !== null;
  }

  private static binDir(): string | null {
    const root = '/usr/lib/postgresql';
    if (!existsSync(root)) return null;
    const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
    const found = versions
      .map((v) => path.join(root, v, 'bin'))
      .find((b) => existsSync(path.join(b, 'initdb')));
    return found ?? null;
  }

  static create(port: number): PrivatePostgres {
    const bin = PrivatePostgres.binDir();
    if (!bin) throw new Error('PostgreSQL binaries not found');
    const pg = new PrivatePostgres(bin, port);
    if (userInfo().uid === 0) {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
      chownSync(pg.dir, uid, gid);
    }
    pg.run('initdb', ['-D', pg.data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    pg.start();
    return pg;
  }

  get data(): string {
    return path.join(this.dir, 'data');
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  start(): void {
    this.run('pg_ctl', [
      '-D',
      this.data,
      '-w',
      '-l',
      path.join(this.dir, 'log'),
      '-o',
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'start',
    ]);
  }

  stop(): void {
    this.run('pg_ctl', ['-D', this.data, '-w', '-m', 'fast', 'stop']);
  }

  destroy(): void {
    try {
      this.stop();
    } catch {
      /* already stopped */
    }
    rmSync(this.dir, { recursive: true, force: true });
  }

  private run(tool: string, args: string[]): void {
    const cmd = path.join(this.bin, tool);
    if (userInfo().uid === 0)
      execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'pipe' });
    else execFileSync(cmd, args, { stdio: 'pipe' });
  }
}
