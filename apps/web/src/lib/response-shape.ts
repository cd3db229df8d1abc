import type { ResponseParser } from './api-client';

/**
 * The reads every first visit makes (catalogue, maintenance status, current user) are checked with
 * these instead of their zod schemas: zod alone is ~25 KB gzip, a sixth of the home page's budget.
 * Each shape mirrors one @stellar/shared schema, and its test compares the two definitions.
 */
export type ShapeDef =
  | { type: 'string' }
  | { type: 'number'; int?: true }
  | { type: 'boolean' }
  | { type: 'enum'; values: readonly string[] }
  | { type: 'nullable'; inner: ShapeDef }
  | { type: 'array'; element: ShapeDef }
  | { type: 'object'; shape: Record<string, ShapeDef> }
  | { type: 'record'; value: ShapeDef };

export interface ResponseShape<T> extends ResponseParser<T> {
  readonly def: ShapeDef;
}

export class ShapeError extends Error {
  override readonly name = 'ShapeError';
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Checks `value` against `def`; like zod, objects come back with only their declared keys. */
function read(def: ShapeDef, value: unknown, path: string): unknown {
  const fail = (): never => {
    throw new ShapeError(`Expected ${def.type} at ${path || '(root)'}`);
  };
  switch (def.type) {
    case 'string':
    case 'boolean':
      return typeof value === def.type ? value : fail();
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return fail();
      return def.int && !Number.isSafeInteger(value) ? fail() : value;
    case 'enum':
      return typeof value === 'string' && def.values.includes(value) ? value : fail();
    case 'nullable':
      return value === null ? null : read(def.inner, value, path);
    case 'array':
      return Array.isArray(value)
        ? value.map((item, i) => read(def.element, item, `${path}[${i}]`))
        : fail();
    case 'object':
    case 'record': {
      if (!isPlainObject(value)) return fail();
      const out: Record<string, unknown> = {};
      const entries =
        def.type === 'object'
          ? Object.entries(def.shape).map(([key, field]) => [key, field] as const)
          : Object.keys(value).map((key) => [key, def.value] as const);
      for (const [key, field] of entries) out[key] = read(field, value[key], `${path}.${key}`);
      return out;
    }
  }
}

/** A response parser for `def`; `T` is the matching @stellar/shared type. */
export function responseShape<T>(def: ShapeDef): ResponseShape<T> {
  return { def, parse: (input) => read(def, input, '') as T };
}
