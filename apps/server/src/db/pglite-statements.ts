import {
  messages,
  parse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

/** Statements kept prepared at once; the least recently used one is closed beyond that. */
const MAX_STATEMENTS = 200;
/**
 * A statement is parsed again after this long. PGlite runs no autovacuum, so no ANALYZE tells a
 * cached generic plan that its tables have grown: this bounds how long such a plan can lag behind.
 */
const MAX_AGE_MS = 60_000;
/**
 * Errors after which a kept statement is parsed again: feature_not_supported ("cached plan must not
 * change result type", after DDL sent around this class) and invalid_sql_statement_name (the
 * statement is gone, e.g. after DISCARD ALL).
 */
const PARSE_AGAIN = new Set(['0A000', '26000']);
/** What goes through named statements: plain reads and writes. Anything else runs as before. */
const DML = /^\s*\(*\s*(select|insert|update|delete|with|values)\b/i;
/** Statements that change no table, so the kept statements stay as they are. */
const SESSION_ONLY =
  /^\s*(set|reset|show|begin|start|commit|end|rollback|abort|savepoint|release|listen|unlisten|notify|lock)\b/i;

interface Statement {
  name: string;
  /** The parameter types PostgreSQL inferred (ParameterDescription), to serialise values by. */
  paramTypes: number[];
  parsedAt: number;
}

const { serialize } = protocol;
/** Statement names are unique in the process: two instances on one client never collide. */
let statementCount = 0;

/**
 * `query()` for PGlite with each statement text parsed once, as node-postgres does for Drizzle's
 * named queries on PostgreSQL. PGlite's own query() sends every statement as six protocol messages,
 * each a separate call into its WebAssembly (parse, describe, bind, describe, execute, sync), and
 * parses and plans it every time; here a known text is one call (bind, describe, execute, sync) on
 * a named statement, whose plan PostgreSQL caches as it does for any prepared statement. Same rows,
 * same errors, same locks (docs/benchmarks.md, "PGlite statements parsed once").
 */
export class PgliteStatements {
  /** By text, least recently used first (a Map keeps insertion order). */
  private readonly statements = new Map<string, Statement>();
  /** Statements to close before the next one runs (evicted, expired, or after DDL). */
  private closing: string[] = [];
  /** PGlite's own query(), for what is not prepared (taken before any test wraps the client's). */
  private readonly plainQuery: PGlite['query'];

  constructor(
    private readonly client: PGlite,
    private readonly limits = { max: MAX_STATEMENTS, maxAgeMs: MAX_AGE_MS },
  ) {
    this.plainQuery = client.query.bind(client);
  }

  /** Statements prepared now (tests). */
  get size(): number {
    return this.statements.size;
  }

  /** The client's query(), outside a transaction: both of PGlite's locks, then a sync to disk. */
  async query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const client = this.client;
    if (!this.handles(text, options)) return this.plainQuery<T>(text, params, options);
    await client._checkReady();
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        const result = await this.run<T>(text, params ?? [], options, true);
        await client.syncToFs();
        return result;
      }),
    );
  }

  /** A transaction's query(): the transaction holds PGlite's transaction lock already. */
  async queryIn<T>(
    tx: Transaction,
    text: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    if (!this.handles(text, options)) return tx.query<T>(text, params, options);
    if (tx.closed) throw new Error('Transaction is closed');
    return this.client._runExclusiveQuery(() => this.run<T>(text, params ?? [], options, false));
  }

  private handles(text: string, options?: QueryOptions): boolean {
    if (options?.blob) return false;
    if (DML.test(text)) return true;
    // DDL can change what a kept statement returns: every statement is parsed again afterwards.
    if (!SESSION_ONLY.test(text)) this.forgetAll();
    return false;
  }

  private forgetAll(): void {
    for (const statement of this.statements.values()) this.closing.push(statement.name);
    this.statements.clear();
  }

  /**
   * Runs the statement; errors as PGlite's query() throws them. A kept statement whose result columns
   * changed under it, or that is gone (PARSE_AGAIN), is parsed again, once, outside a transaction:
   * such an error comes from the bind, before anything ran.
   */
  private async run<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    outside: boolean,
    retried = false,
  ): Promise<Results<T>> {
    try {
      return await this.runOnce<T>(text, params, options, outside);
    } catch (err) {
      if (!(err instanceof messages.DatabaseError)) throw err;
      if (err.code !== undefined && PARSE_AGAIN.has(err.code)) {
        this.forget(text);
        if (outside && !retried) return this.run<T>(text, params, options, outside, true);
      }
      // PGlite's query() adds these to its errors (makePGliteError).
      throw Object.assign(err, { query: text, params, queryOptions: options });
    }
  }

  private forget(text: string): void {
    const statement = this.statements.get(text);
    if (!statement) return;
    this.statements.delete(text);
    this.closing.push(statement.name);
  }

  private async runOnce<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    outside: boolean,
  ): Promise<Results<T>> {
    const client = this.client;
    let statement = this.statements.get(text);
    if (statement && Date.now() - statement.parsedAt > this.limits.maxAgeMs) {
      this.forget(text);
      statement = undefined;
    }
    const first: Uint8Array[] = [];
    // Closing is left to statements outside a transaction, where no failed transaction refuses it.
    if (outside && this.closing.length > 0) {
      for (const name of this.closing) first.push(serialize.close({ type: 'S', name }));
      this.closing = [];
    }
    if (statement) {
      // Most recently used last.
      this.statements.delete(text);
      this.statements.set(text, statement);
    } else {
      const name = `stellar_${(statementCount += 1)}`;
      first.push(
        serialize.parse({ name, text, types: options?.paramTypes }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      );
      const described = await client.execProtocolStream(Buffer.concat(first), { syncToFs: false });
      statement = {
        name,
        paramTypes: parse.parseDescribeStatementResults(described),
        parsedAt: Date.now(),
      };
      this.statements.set(text, statement);
      first.length = 0;
      if (this.statements.size > this.limits.max) {
        const [oldestText, oldest] = this.statements.entries().next().value!;
        this.statements.delete(oldestText);
        this.closing.push(oldest.name);
      }
    }
    // As PGlite's query() serialises them: by the type PostgreSQL inferred, else as text.
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const oid = statement.paramTypes[i]!;
      const serializer = options?.serializers?.[oid] ?? client.serializers[oid];
      return serializer ? serializer(param) : String(param);
    });
    const messages = await client.execProtocolStream(
      Buffer.concat([
        ...first,
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
  }
}
