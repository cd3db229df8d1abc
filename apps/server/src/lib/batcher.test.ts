import { describe, expect, it } from 'vitest';
import { Batcher, batcherPer, distinctBy, foldPages, groupBy } from './batcher';

describe('Batcher', () => {
  it('runs the loads of one turn together, in order, and the next turn apart', async () => {
    const runs: number[][] = [];
    const batcher = new Batcher<number, string>(async (items) => {
      runs.push(items);
      return items.map((n) => `#${n}`);
    });
    const first = await Promise.all([1, 2, 3].map((n) => batcher.load(n)));
    expect(first).toEqual(['#1', '#2', '#3']);
    expect(await batcher.load(4)).toBe('#4');
    expect(runs).toEqual([[1, 2, 3], [4]]);
  });

  it('flushes at maxBatch without waiting for the turn to end', async () => {
    const runs: number[][] = [];
    const batcher = new Batcher<number, number>(async (items) => {
      runs.push(items);
      return items;
    }, 2);
    expect(await Promise.all([1, 2, 3, 4, 5].map((n) => batcher.load(n)))).toEqual([1, 2, 3, 4, 5]);
    expect(runs).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('rejects every load of a failed run, and serves the next one', async () => {
    let fail = true;
    const batcher = new Batcher<number, number>(async (items) => {
      if (fail) throw new Error('database gone');
      return items;
    });
    const loads = [1, 2].map((n) => batcher.load(n));
    await expect(Promise.all(loads)).rejects.toThrow('database gone');
    await expect(loads[1]).rejects.toThrow('database gone');
    fail = false;
    expect(await batcher.load(3)).toBe(3);
  });

  it('keeps one batcher per database', () => {
    const per = batcherPer(
      (_db: object) => new Batcher<number, number>(async (i) => i.map(() => 0)),
    );
    const a = {};
    expect(per(a)).toBe(per(a));
    expect(per(a)).not.toBe(per({}));
  });
});

describe('distinctBy', () => {
  it('keeps the first of each key, in order, and maps every item to its distinct one', () => {
    const { unique, indexOf } = distinctBy(['a1', 'b1', 'a2', 'c1', 'b2'], (s) => s[0]!);
    expect(unique).toEqual(['a1', 'b1', 'c1']);
    expect(indexOf).toEqual([0, 1, 0, 2, 1]);
    expect(distinctBy([], String)).toEqual({ unique: [], indexOf: [] });
  });
});

describe('groupBy', () => {
  it('groups rows by key, each group in the rows order', () => {
    const groups = groupBy(['a1', 'b1', 'a2'], (s) => s[0]);
    expect([...groups]).toEqual([
      ['a', ['a1', 'a2']],
      ['b', ['b1']],
    ]);
  });
});

describe('foldPages', () => {
  it('gives each asked list its entries in row order and its total; an empty page keeps its total', () => {
    // Three distinct lists asked by four requests (the last asked the first list again).
    const rows = [
      { i: 1, total: 3, name: 'a' },
      { i: 1, total: 3, name: 'b' },
      { i: 2, total: 7, name: null }, // its page is past the end: no entry, but the total
      { i: 3, total: 1, name: 'c' },
    ];
    const pages = foldPages(rows, 3, [0, 1, 2, 0], (row) => row.name);
    expect(pages).toEqual([
      { items: ['a', 'b'], total: 3 },
      { items: [], total: 7 },
      { items: ['c'], total: 1 },
      { items: ['a', 'b'], total: 3 },
    ]);
    // A list with no row at all (no owner matched) reads as empty.
    expect(foldPages([], 1, [0], () => 'x')).toEqual([{ items: [], total: 0 }]);
  });
});
