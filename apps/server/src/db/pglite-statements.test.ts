import type { PGlite } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freshPglite } from '../../test/harness';
import { PgliteStatements } from './pglite-statements';

const TABLE = `create table st (id int primary key, name text not null);
  insert into st values (1, 'one'), (2, 'two');`;

describe.skipIf(process.env.STELLAR_TEST_DB === 'postgres')(
  'PGlite statements parsed once (PgliteStatements)',
  () => {
    let client: PGlite;
    beforeEach(async () => {
      client = await freshPglite();
      await client.exec(TABLE);
    });
    afterEach(() => client.close());

    /** The session's prepared statements: name, statement text, generic and custom plans made. */
    const prepared = async () =>
      (
        await client.query<{ name: string; statement: string }>(
          'select name, statement from pg_prepared_statements order by name',
        )
      ).rows;

    it('parses a text once, then only binds and executes it: same rows as PGlite’s query()', async () => {
      const statements = new PgliteStatements(client);
      const text = 'select id, name from st where id = any($1::int[]) order by id';
      const expected = await client.query(text, [[1, 2]]);
      for (let i = 0; i < 20; i += 1) {
        expect(await statements.query(text, [[1, 2]])).toEqual(expected);
      }
      expect(await statements.query(text, [[2]], { rowMode: 'array' })).toEqual(
        await client.query(text, [[2]], { rowMode: 'array' }),
      );
      const rows = await prepared();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.statement).toBe(text);
      expect(statements.size).toBe(1);
    });

    it('serialises values by the parameter types PostgreSQL inferred (arrays, json, dates, null)', async () => {
      await client.exec('create table typed (a int[], j jsonb, at timestamptz, n text)');
      const statements = new PgliteStatements(client);
      const at = new Date('2026-11-25T19:00:00.123Z');
      await statements.query('insert into typed values ($1, $2, $3, $4)', [
        [1, 2],
        { k: ['v', null] },
        at,
        null,
      ]);
      const { rows } = await statements.query<Record<string, unknown>>('select * from typed');
      expect(rows).toEqual([{ a: [1, 2], j: { k: ['v', null] }, at, n: null }]);
    });

    it('throws PostgreSQL’s errors as PGlite’s query() does, and the statement stays usable', async () => {
      const statements = new PgliteStatements(client);
      const insert = 'insert into st values ($1, $2)';
      const err = await statements.query(insert, [1, 'again']).catch((e: unknown) => e);
      expect(err).toMatchObject({
        code: '23505',
        constraint: 'st_pkey',
        query: insert,
        params: [1, 'again'],
      });
      await statements.query(insert, [3, 'three']);
      const { rows } = await statements.query('select count(*)::int as n from st');
      expect(rows).toEqual([{ n: 3 }]);
      await expect(statements.query('select nope from st')).rejects.toMatchObject({
        code: '42703',
      });
    });

    it('prepares DDL’s tables again: a statement sees columns added by DDL sent through it or around it', async () => {
      const statements = new PgliteStatements(client);
      const all = 'select * from st where id = $1';
      expect((await statements.query(all, [1])).rows).toEqual([{ id: 1, name: 'one' }]);
      // DDL through the same query(): every statement is closed and parsed again.
      await statements.query('alter table st add column extra text');
      expect((await statements.query(all, [1])).rows).toEqual([
        { id: 1, name: 'one', extra: null },
      ]);
      // DDL sent around it (PGlite's exec): PostgreSQL refuses the old plan, it is parsed again.
      await client.exec(`alter table st add column more int not null default 7`);
      expect((await statements.query(all, [1])).rows).toEqual([
        { id: 1, name: 'one', extra: null, more: 7 },
      ]);
      expect((await prepared()).map((r) => r.statement)).toEqual([all]);
    });

    it('inside a transaction: writes roll back, statements stay prepared, a failed transaction refuses further statements', async () => {
      const statements = new PgliteStatements(client);
      const insert = 'insert into st values ($1, $2)';
      await client
        .transaction(async (tx) => {
          await statements.queryIn(tx, insert, [10, 'ten']);
          const { rows } = await statements.queryIn(tx, 'select count(*)::int as n from st');
          expect(rows).toEqual([{ n: 3 }]);
          throw new Error('roll back');
        })
        .catch(() => undefined);
      expect((await statements.query('select count(*)::int as n from st')).rows).toEqual([
        { n: 2 },
      ]);
      // Prepared inside the rolled-back transaction, used outside it.
      await statements.query(insert, [11, 'eleven']);
      expect((await prepared()).map((r) => r.statement)).toContain(insert);

      const failed = client.transaction(async (tx) => {
        await statements.queryIn(tx, insert, [11, 'duplicate']).catch(() => undefined);
        return statements.queryIn(tx, 'select 1 as one');
      });
      await expect(failed).rejects.toMatchObject({ code: '25P02' });
      let closedTx: Parameters<Parameters<PGlite['transaction']>[0]>[0] | undefined;
      await client.transaction(async (tx) => {
        closedTx = tx;
      });
      await expect(statements.queryIn(closedTx!, 'select 1 as one')).rejects.toThrow(
        'Transaction is closed',
      );
    });

    it('keeps at most `max` statements (least recently used closed) and parses a text again after `maxAgeMs`', async () => {
      const statements = new PgliteStatements(client, { max: 3, maxAgeMs: 60_000 });
      const texts = [1, 2, 3, 4, 5].map((n) => `select ${n} as n, id from st where id = $1`);
      for (const text of texts) await statements.query(text, [1]);
      // The first one again: the most recently used now.
      await statements.query(texts[2]!, [1]);
      expect(statements.size).toBe(3);
      expect((await prepared()).map((r) => r.statement).sort()).toEqual(
        [texts[2], texts[3], texts[4]].sort(),
      );

      const young = new PgliteStatements(client, { max: 10, maxAgeMs: 0 });
      const text = 'select name from st where id = $1';
      for (let i = 0; i < 5; i += 1) await young.query(text, [2]);
      await new Promise((resolve) => setTimeout(resolve, 2));
      expect((await young.query(text, [2])).rows).toEqual([{ name: 'two' }]);
      const names = (await prepared()).filter((r) => r.statement === text).map((r) => r.name);
      expect(names).toHaveLength(1);
    });

    it('leaves other statements to PGlite’s query(); only those that may change tables close the kept ones', async () => {
      const statements = new PgliteStatements(client);
      const read = 'select name from st where id = $1';
      await statements.query(read, [1]);
      await statements.query('set statement_timeout = 0');
      await statements.query('listen some_channel');
      expect(statements.size).toBe(1);
      expect((await prepared()).map((r) => r.statement)).toEqual([read]);
      await statements.query('create index st_name on st (name)');
      expect(statements.size).toBe(0);
      expect((await statements.query(read, [2])).rows).toEqual([{ name: 'two' }]);
      expect((await prepared()).map((r) => r.statement)).toEqual([read]);
    });

    it('parses a kept statement again when the session lost it (DISCARD ALL sent around it)', async () => {
      const statements = new PgliteStatements(client);
      const read = 'select name from st where id = $1';
      await statements.query(read, [1]);
      await client.exec('discard all');
      expect(await prepared()).toEqual([]);
      expect((await statements.query(read, [2])).rows).toEqual([{ name: 'two' }]);
      expect((await prepared()).map((r) => r.statement)).toEqual([read]);
    });
  },
);
