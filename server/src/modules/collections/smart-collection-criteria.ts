import type { RomFilterQuery } from '@romshelf/contract';
import { RomFilterQuerySchema } from '@romshelf/contract';

import { requestValidationError } from '../../http/error-handler.js';
import { HttpError } from '../../http/http-error.js';

/** The ROM filters a smart collection may save: every `GET /api/roms` filter but itself. */
const CriteriaSchema = RomFilterQuerySchema.omit({ smart_collection_id: true }).strict();

/** A JSON value in the shape a query string carries it (`true` → `'true'`, `2` → `'2'`). */
function asQueryValue(value: unknown): unknown {
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(asQueryValue);
  return value;
}

/** The parsed `GET /api/roms` filter a stored criteria object stands for (422 when invalid). */
export function criteriaQuery(criteria: Readonly<Record<string, unknown>>): RomFilterQuery {
  const query = Object.fromEntries(
    Object.entries(criteria)
      .filter(([, value]) => value !== null && value !== undefined)
      .map(([name, value]) => [name, asQueryValue(value)]),
  );
  const parsed = CriteriaSchema.safeParse(query);
  if (!parsed.success) {
    throw requestValidationError(
      'body',
      parsed.error.issues.map((issue) => ({ ...issue, path: ['filter_criteria', ...issue.path] })),
    );
  }
  return { ...parsed.data, smart_collection_id: undefined };
}

/**
 * Reads the `filter_criteria` form field: 400 for text that is not JSON (as RomM), 422 for
 * anything but an object of ROM filters. Returns the object to store (unset values dropped).
 */
export function parseCriteria(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Invalid JSON for filter_criteria field');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw requestValidationError('body', [
      { path: ['filter_criteria'], code: 'invalid_type', message: 'must be a JSON object' },
    ]);
  }
  const criteria = Object.fromEntries(
    Object.entries(value).filter(([, item]) => item !== null && item !== undefined),
  );
  criteriaQuery(criteria);
  return criteria;
}
