import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';

/**
 * Migrates one template database per run: a PGlite dump that each test file loads (0.5 s instead
 * of a 3 s initdb), or a PostgreSQL template database that each file copies with CREATE DATABASE.
 */
export default async function setup(project: TestProject) {
  const driver = project.config.env?.STELLAR_TEST_DB ?? 'pglite';
  if (driver === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL test project');
    const template = `stellar_tpl_${process.pid}_${Date.now()}`;
    await adminQuery(url, `CREATE DATABASE ${template}`);
    const database = await openDatabase({ databaseUrl: withDatabase(url, template), poolSize: 2 });
    await database.migrate();
    await database.close();
    project.provide('pgTemplate', template);
    return async () => {
      await adminQuery(url, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'stellar-test-'));
  const client = await PGlite.create();
  const database = await openDatabase({ pglite: client });
  await database.migrate();
  const dump = await client.dumpDataDir('none');
  await database.close();
  const dumpPath = path.join(dir, 'template.tar');
  writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteDump', dumpPath);
  return () => rmSync(dir, { recursive: true, force: true });
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function adminQuery(url: string, query: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    pgTemplate: string;
  }
}
