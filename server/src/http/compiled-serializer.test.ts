import { RomListPageSchema } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { compiledSerializer, serializationSchema } from './compiled-serializer.js';

describe('compiledSerializer', () => {
  const Shape = z.object({
    id: z.number().int(),
    count: z.number().int().nullable(),
    label: z.string().nullable(),
    raw: z.record(z.string(), z.unknown()).nullable(),
    index: z.record(z.string(), z.number().int()),
  });

  it('writes zod nullables as type lists, not anyOf', () => {
    expect(serializationSchema(Shape)).toMatchObject({
      properties: {
        count: { type: ['integer', 'null'] },
        label: { type: ['string', 'null'] },
        raw: { type: ['object', 'null'] },
      },
    });
    expect(JSON.stringify(serializationSchema(RomListPageSchema))).not.toContain('anyOf');
  });

  it('writes the schema fields as JSON.stringify would, and nothing else', () => {
    const write = compiledSerializer({ schema: Shape });
    const value = {
      id: 7,
      count: null,
      label: 'Quote " backslash \\ tab \t é 💾 \u0001',
      raw: { nested: [1, null, 'x', { deep: true }], total_rating: 88.5 },
      index: { a: 0, é: 12 },
    };
    expect(JSON.parse(write({ ...value, secret: 'left out' }))).toStrictEqual(value);
    const nulls = { ...value, count: 3, label: null, raw: null, index: {} };
    expect(JSON.parse(write(nulls))).toStrictEqual(nulls);
  });

  it('refuses schemas that are not zod', () => {
    expect(() => compiledSerializer({ schema: { type: 'object' } })).toThrow(/zod/);
  });
});
