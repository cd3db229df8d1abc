// What the benches that run on PostgreSQL share: one admin statement, and a throwaway database per run.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Runs one statement on its own connection (CREATE/DROP DATABASE cannot run in a pool's transaction).
 * @param {string} url
 * @param {string} text
 */
export async function adminQuery(url, text) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Creates `PREFIX_<random>` on the server of `adminUrl`, pushes its DROP onto `cleanups`, and returns
 * its name and URL.
 * @param {string} adminUrl
 * @param {string} prefix
 * @param {Array<() => unknown>} cleanups
 */
export async function throwawayDatabase(adminUrl, prefix, cleanups) {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  cleanups.push(() => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}
