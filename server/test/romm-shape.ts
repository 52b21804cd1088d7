import { expect } from 'vitest';

/** RomM's field types: `float` is any number, `list` an array, `object` a JSON object. */
type BaseType = 'int' | 'float' | 'str' | 'bool' | 'datetime' | 'list' | 'object';

/**
 * One field of a RomM response model (`backend/endpoints/responses/*.py`): a type (`?` marks a
 * nullable one), a nested model, a nested model that may be null, or a list of models.
 */
export type RommField =
  BaseType | `${BaseType}?` | RommShape | { nullable: RommShape } | { listOf: RommShape };
export interface RommShape {
  readonly [field: string]: RommField;
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function expectBaseType(item: unknown, type: BaseType, label: string): void {
  switch (type) {
    case 'int':
      expect(Number.isInteger(item), label).toBe(true);
      break;
    case 'float':
      expect(typeof item, label).toBe('number');
      break;
    case 'str':
      expect(typeof item, label).toBe('string');
      break;
    case 'bool':
      expect(typeof item, label).toBe('boolean');
      break;
    case 'datetime':
      expect(item, label).toMatch(ISO);
      break;
    case 'list':
      expect(Array.isArray(item), label).toBe(true);
      break;
    case 'object':
      expect(isRecord(item), label).toBe(true);
  }
}

/** Asserts `value` has exactly RomM's fields, each of RomM's type and nullability. */
export function expectRommShape(value: unknown, shape: RommShape, where: string): void {
  expect(isRecord(value), where).toBe(true);
  const record = value as Record<string, unknown>;
  expect(Object.keys(record).sort(), where).toEqual(Object.keys(shape).sort());
  for (const [field, type] of Object.entries(shape)) {
    const item = record[field];
    const label = `${where}.${field}`;
    if (typeof type === 'string') {
      if (type.endsWith('?') && item === null) continue;
      expectBaseType(item, type.replace('?', '') as BaseType, label);
    } else if ('nullable' in type && isRecord(type.nullable)) {
      if (item !== null) expectRommShape(item, type.nullable, label);
    } else if ('listOf' in type && isRecord(type.listOf)) {
      expect(Array.isArray(item), label).toBe(true);
      (item as unknown[]).forEach((entry, index) => {
        expectRommShape(entry, type.listOf as RommShape, `${label}[${index}]`);
      });
    } else {
      expectRommShape(item, type, label);
    }
  }
}
