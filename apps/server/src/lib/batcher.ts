/**
 * Coalesces concurrent reads: every load() made during one turn of the event loop goes to a single
 * run() (flushed by setImmediate, so no timer adds latency; at most `maxBatch` items a run). Under
 * load this turns N round trips into one; an idle server still runs one read per load, at once.
 * `run` answers one result per item, in the items' order; if it throws, every load of the batch does.
 */
export class Batcher<T, R> {
  private waiting: { item: T; resolve: (r: R) => void; reject: (e: unknown) => void }[] = [];
  private scheduled = false;

  constructor(
    private readonly run: (items: T[]) => Promise<R[]>,
    private readonly maxBatch = 256,
  ) {}

  load(item: T): Promise<R> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (this.waiting.length >= this.maxBatch) this.flush();
      else if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.flush();
        });
      }
    });
  }

  private flush(): void {
    const batch = this.waiting;
    if (batch.length === 0) return;
    this.waiting = [];
    this.run(batch.map((w) => w.item)).then(
      (results) => batch.forEach((w, i) => w.resolve(results[i]!)),
      (err: unknown) => batch.forEach((w) => w.reject(err)),
    );
  }
}

/** One batcher per database (and per kind of read), made on first use. */
export function batcherPer<D extends object, T, R>(make: (db: D) => Batcher<T, R>) {
  const batchers = new WeakMap<D, Batcher<T, R>>();
  return (db: D): Batcher<T, R> => {
    let batcher = batchers.get(db);
    if (!batcher) batchers.set(db, (batcher = make(db)));
    return batcher;
  };
}

/**
 * The distinct items of a batch by `key` (first occurrence order) and, for every item, the index of
 * its distinct one: identical reads of a batch (the same list asked by several requests) run once.
 */
export function distinctBy<T>(items: T[], key: (item: T) => string) {
  const unique: T[] = [];
  const seen = new Map<string, number>();
  const indexOf = items.map((item) => {
    const k = key(item);
    let index = seen.get(k);
    if (index === undefined) {
      index = unique.push(item) - 1;
      seen.set(k, index);
    }
    return index;
  });
  return { unique, indexOf };
}

/** A batch's rows by `key` (each group in the rows' order): the answer of each item of the batch. */
export function groupBy<R, K>(rows: R[], key: (row: R) => K): Map<K, R[]> {
  const groups = new Map<K, R[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

/**
 * The pages of a batched list query: one row of `q` per distinct list asked (`unnest(...) with
 * ordinality as q(..., i)`) joined laterally to its page, so each row carries its list's 1-based `i`
 * and total, and a list whose page is empty still has one row, whose entry `item` maps to null.
 * Returns each asked item's page, following distinctBy's `indexOf`.
 */
export function foldPages<R extends { i: number; total: number }, T>(
  rows: R[],
  lists: number,
  indexOf: number[],
  item: (row: R) => T | null,
): { items: T[]; total: number }[] {
  const pages = Array.from({ length: lists }, () => ({ items: [] as T[], total: 0 }));
  for (const row of rows) {
    const page = pages[row.i - 1]!;
    page.total = row.total;
    const entry = item(row);
    if (entry !== null) page.items.push(entry);
  }
  return indexOf.map((index) => pages[index]!);
}
