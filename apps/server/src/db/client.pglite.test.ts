import type { PGlite, QueryOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import {
  bigint,
  boolean,
  date,
  integer,
  interval,
  jsonb,
  numeric,
  pgTable,
  timestamp,
} from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPglite } from '../../test/harness';
import { forDrizzle } from './client';

const sample = pgTable('sample', {
  id: integer().primaryKey(),
  at: timestamp({ withTimezone: true }).notNull(),
  naive: timestamp().notNull(),
  day: date().notNull(),
  span: interval().notNull(),
  amount: numeric().notNull(),
  big: bigint({ mode: 'number' }).notNull(),
  flag: boolean().notNull(),
  doc: jsonb().notNull(),
  ats: timestamp({ withTimezone: true }).array().notNull(),
  amounts: numeric().array().notNull(),
});

const DDL = `create table sample (id int primary key, at timestamptz not null, naive timestamp not null,
  day date not null, span interval not null, amount numeric not null, big bigint not null,
  flag boolean not null, doc jsonb not null, ats timestamptz[] not null, amounts numeric[] not null);
  insert into sample values (1, '2026-11-23 08:00:00.123+00', '2026-11-23 08:00:00', '2026-11-23',
  '1 day 02:00:00', 12.50, 9007199254740991, true, '{"a":[1,{"b":null}]}',
  array['2026-01-01 00:00:00+00'::timestamptz, '2026-02-01 12:30:00+00'], array[1.5, 2.25]);`;

describe.skipIf(process.env.STELLAR_TEST_DB === 'postgres')(
  'the PGlite client as Drizzle gets it (no parser map copied per query)',
  () => {
    let plainClient: PGlite;
    let leanClient: PGlite;
    beforeAll(async () => {
      plainClient = await freshPglite();
      leanClient = await freshPglite();
      await plainClient.exec(DDL);
      await leanClient.exec(DDL);
    });
    afterAll(async () => {
      await plainClient.close();
      await leanClient.close();
    });

    it('reads the same rows as Drizzle on the plain client: selects, raw SQL and transactions', async () => {
      const plain = drizzle({ client: plainClient });
      const lean = drizzle({ client: forDrizzle(leanClient) });
      const expected = await plain.select().from(sample);
      expect(expected[0]!.at).toEqual(new Date('2026-11-23T08:00:00.123Z'));
      expect(await lean.select().from(sample)).toEqual(expected);
      const raw = sql`select at, naive, day, span, amount, ats, amounts, now() > at as past from sample`;
      expect((await lean.execute(raw)).rows).toEqual((await plain.execute(raw)).rows);
      const inTx = (db: typeof plain) =>
        db.transaction(async (tx) => {
          await tx.update(sample).set({ at: new Date('2027-01-01T00:00:00Z') });
          return tx.select().from(sample);
        });
      expect(await inTx(lean)).toEqual(await inTx(plain));
    });

    it('runs Drizzle’s reads and writes as named statements, and other statements through the client’s query without Drizzle’s parsers', async () => {
      const seen: { text: string; options?: QueryOptions }[] = [];
      const client = await freshPglite();
      const query = client.query.bind(client);
      client.query = ((text: string, params?: unknown[], options?: QueryOptions) => {
        seen.push({ text, options });
        return query(text, params, options);
      }) as typeof client.query;
      try {
        const lean = forDrizzle(client);
        const db = drizzle({ client: lean });
        const { rows } = await db.execute<{ at: string }>(sql`select now() as at`);
        expect(typeof rows[0]!.at).toBe('string');
        expect(seen).toEqual([]);
        await db.execute(sql`create table lean_ddl (id int)`);
        expect(seen.at(-1)?.text).toBe('create table lean_ddl (id int)');
        expect(seen.at(-1)?.options?.rowMode).toBe('object');
        expect(seen.at(-1)?.options?.parsers).toBeUndefined();
        const own = { 16: (v: string) => `bool:${v}` };
        const own1 = await lean.query<{ t: string }>('select true as t', [], { parsers: own });
        expect(own1.rows[0]!.t).toBe('bool:t');
        // Methods are bound once, not on every access (Drizzle reads `query` for every query).
        expect(lean.query).toBe(lean.query);
        expect(lean.exec).toBe(lean.exec);
        expect((await lean.exec('select 2 as n'))[0]!.rows).toEqual([{ n: 2 }]);
      } finally {
        await client.close();
      }
    });
  },
);
