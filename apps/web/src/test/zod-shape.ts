import type { ShapeDef } from '@/lib/response-shape';

interface ZodLike {
  _zod: { def: object };
}

/** The ShapeDef a zod schema describes (the subset response shapes use), to compare with a shape. */
export function shapeDefOf(schema: ZodLike): ShapeDef {
  const def = schema._zod.def as {
    type: string;
    checks?: ZodLike[];
    shape?: Record<string, ZodLike>;
    element?: ZodLike;
    innerType?: ZodLike;
    entries?: Record<string, string>;
    keyType?: ZodLike;
    valueType?: ZodLike;
  };
  switch (def.type) {
    case 'string':
    case 'boolean':
      if (def.checks?.length) throw new Error(`unsupported ${def.type} checks`);
      return { type: def.type };
    case 'number': {
      const formats = (def.checks ?? []).map(
        (check) => (check._zod.def as { format?: string }).format,
      );
      if (formats.some((format) => format !== 'safeint'))
        throw new Error('unsupported number check');
      return formats.length ? { type: 'number', int: true } : { type: 'number' };
    }
    case 'enum':
      return { type: 'enum', values: Object.values(def.entries!) };
    case 'nullable':
      return { type: 'nullable', inner: shapeDefOf(def.innerType!) };
    case 'array':
      return { type: 'array', element: shapeDefOf(def.element!) };
    case 'object':
      return {
        type: 'object',
        shape: Object.fromEntries(
          Object.entries(def.shape!).map(([key, field]) => [key, shapeDefOf(field)]),
        ),
      };
    case 'record':
      if (shapeDefOf(def.keyType!).type !== 'string') throw new Error('unsupported record key');
      return { type: 'record', value: shapeDefOf(def.valueType!) };
    default:
      throw new Error(`unsupported zod type ${def.type}`);
  }
}
