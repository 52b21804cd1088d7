import { z } from 'zod';

import { queryBoolean } from './common.js';
import { optionalQueryBoolean } from './rom-filters.js';

/** Longest collection name (trimmed) and description. */
export const COLLECTION_NAME_MAX = 200;
export const COLLECTION_DESCRIPTION_MAX = 5_000;
/** Most ROM ids one `POST`/`DELETE /api/collections/{id}/roms` takes. */
export const COLLECTION_ROMS_MAX = 20_000;
/** Cover thumbnails a collection answer carries (RomM: up to five member covers). */
export const COLLECTION_COVERS_MAX = 5;
/** A value of the merged metadata becomes a virtual collection when more than this many ROMs share it. */
export const VIRTUAL_COLLECTION_MIN_ROMS = 2;

/** The kinds of virtual collection (RomM), `all` listing every kind. */
export const VIRTUAL_COLLECTION_TYPES = [
  'genre',
  'franchise',
  'collection',
  'mode',
  'company',
] as const;
export type VirtualCollectionType = (typeof VIRTUAL_COLLECTION_TYPES)[number];

/** The merged-metadata list (a `filter_values` key) each kind of virtual collection groups by. */
export const VIRTUAL_COLLECTION_FACETS = {
  genre: 'genres',
  franchise: 'franchises',
  collection: 'collections',
  mode: 'game_modes',
  company: 'companies',
} as const satisfies Record<VirtualCollectionType, string>;

/**
 * JSON as Python's `json.dumps` writes it by default (`", "` and `": "` separators, non-ASCII
 * escaped as `\\uXXXX`): RomM's ids and `filter_summary` are made so.
 */
export function pythonJsonDumps(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(pythonJsonDumps).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).map(
      ([key, item]) => `${pythonJsonDumps(key)}: ${pythonJsonDumps(item)}`,
    );
    return `{${entries.join(', ')}}`;
  }
  // `undefined` has no JSON text; Python has no such value either.
  const text = value === undefined ? 'null' : JSON.stringify(value);
  return text.replace(
    /[\u0080-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * A virtual collection's id as RomM makes it: URL-safe base64 (padded) of
 * `json.dumps({"name": …, "type": …})`, so ids match between RomM and RomShelf.
 */
export function virtualCollectionId(type: VirtualCollectionType, name: string): string {
  // Every character is ASCII once dumped, so each one is one byte.
  return btoa(pythonJsonDumps({ name, type })).replace(/\+/g, '-').replace(/\//g, '_');
}

/** The kind and value a virtual collection id stands for, or null when it is not one. */
export function parseVirtualCollectionId(
  id: string,
): { type: VirtualCollectionType; name: string } | null {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(id)) return null;
  try {
    const base64 = id.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
    const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    const data: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    if (typeof data !== 'object' || data === null) return null;
    const { name, type } = data as Record<string, unknown>;
    if (typeof name !== 'string' || typeof type !== 'string') return null;
    const kind = VIRTUAL_COLLECTION_TYPES.find((known) => known === type);
    return kind === undefined ? null : { type: kind, name };
  } catch {
    return null;
  }
}

/** What every kind of collection answers (RomM's base collection fields). */
const CollectionBaseSchema = z.object({
  name: z.string(),
  description: z.string(),
  /** Member ids the caller may see. */
  rom_ids: z.array(z.number().int()),
  rom_count: z.number().int(),
  /** The collection's own cover, else the generated collage; null when it has no cover at all. */
  path_cover_small: z.string().nullable(),
  path_cover_large: z.string().nullable(),
  /** Up to five member covers. */
  path_covers_small: z.array(z.string()),
  path_covers_large: z.array(z.string()),
  is_public: z.boolean(),
  is_favorite: z.boolean(),
  is_virtual: z.boolean(),
  is_smart: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** A manual collection (RomM `CollectionSchema`); favourites are the owner's `is_favorite` one. */
export const CollectionSchema = CollectionBaseSchema.extend({
  id: z.number().int(),
  url_cover: z.string(),
  user_id: z.number().int(),
  owner_username: z.string(),
});
export type Collection = z.infer<typeof CollectionSchema>;
export const CollectionListSchema = z.array(CollectionSchema);

/** A collection generated from the merged metadata (RomM `VirtualCollectionSchema`). */
export const VirtualCollectionSchema = CollectionBaseSchema.extend({
  /** URL-safe base64 of JSON `{"name","type"}`. */
  id: z.string(),
  type: z.enum(VIRTUAL_COLLECTION_TYPES),
});
export type VirtualCollection = z.infer<typeof VirtualCollectionSchema>;
export const VirtualCollectionListSchema = z.array(VirtualCollectionSchema);

/** A saved filter whose members are the live filter result (RomM `SmartCollectionSchema`). */
export const SmartCollectionSchema = CollectionBaseSchema.extend({
  id: z.number().int(),
  /** `GET /api/roms` filter names and values (RomFilterQuerySchema). */
  filter_criteria: z.record(z.string(), z.unknown()),
  /** A JSON string describing the criteria in words, as RomM sends it. */
  filter_summary: z.string(),
  user_id: z.number().int(),
  owner_username: z.string(),
});
export type SmartCollection = z.infer<typeof SmartCollectionSchema>;
export const SmartCollectionListSchema = z.array(SmartCollectionSchema);

export const CollectionIdParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});
export const VirtualCollectionIdParamsSchema = z.object({ id: z.string().min(1).max(2_000) });

/** `POST /api/collections` query (RomM sends the flags in the query string). */
export const CreateCollectionQuerySchema = z.object({
  is_public: queryBoolean(false),
  is_favorite: queryBoolean(false),
});
/** `PUT /api/collections/{id}` query. */
export const UpdateCollectionQuerySchema = z.object({
  is_public: z
    .enum(['true', 'false', '1', '0', 'True', 'False'])
    .optional()
    .transform((value) =>
      value === undefined ? undefined : value === 'true' || value === '1' || value === 'True',
    ),
  /** Drop the collection's own cover and go back to the collage. */
  remove_cover: queryBoolean(false),
});

/** The text fields of the multipart create / update form. */
export const CollectionFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(COLLECTION_NAME_MAX, `Name is at most ${String(COLLECTION_NAME_MAX)} characters`),
  description: z.string().trim().max(COLLECTION_DESCRIPTION_MAX).default(''),
  /** A picture to fetch as the cover (http or https). */
  url_cover: z.string().trim().max(2_000).default(''),
});
export type CollectionForm = z.infer<typeof CollectionFormSchema>;

/**
 * The text fields of the multipart update: only given fields change. `rom_ids` (a JSON array
 * string, RomM sends it on every update) replaces the members when given.
 */
export const CollectionUpdateFormSchema = z.object({
  name: CollectionFormSchema.shape.name.optional(),
  description: z.string().trim().max(COLLECTION_DESCRIPTION_MAX).optional(),
  url_cover: z.string().trim().max(2_000).optional(),
  rom_ids: z.string().max(400_000).optional(),
});
export type CollectionUpdateForm = z.infer<typeof CollectionUpdateFormSchema>;

/** `GET /api/collections` query. */
export const CollectionListQuerySchema = z.object({
  /** ISO-8601: only collections changed after it (RomM). */
  updated_after: z
    .string()
    .max(64)
    .refine((value) => !Number.isNaN(Date.parse(value)), 'must be an ISO-8601 date-time')
    .transform((value) => new Date(value).toISOString().replace(/Z$/, '+00:00'))
    .optional(),
});

/** `PUT /api/collections/{id}/visibility`: share or unshare, leaving games and cover. */
export const CollectionVisibilityBodySchema = z.object({ is_public: z.boolean() });

/** `POST` / `DELETE /api/collections/{id}/roms`: all of them or none. */
export const CollectionRomsBodySchema = z.object({
  rom_ids: z.array(z.number().int().min(1)).min(1).max(COLLECTION_ROMS_MAX),
});
export type CollectionRomsBody = z.infer<typeof CollectionRomsBodySchema>;

/** `GET /api/collections/virtual/identifiers`: every virtual collection's id. */
export const VirtualCollectionIdentifiersSchema = z.array(z.string());

export const VirtualCollectionListQuerySchema = z.object({
  type: z.enum([...VIRTUAL_COLLECTION_TYPES, 'all']).default('all'),
  limit: z.coerce.number().int().min(1).max(10_000).optional(),
});

/** The text fields of `POST /api/collections/smart` and `PUT /api/collections/smart/{id}`. */
export const SmartCollectionFormSchema = CollectionFormSchema.omit({ url_cover: true }).extend({
  /**
   * JSON object of `GET /api/roms` filters and their values (422 when a name or value is not
   * one; `smart_collection_id` is refused). `{}` (the default) matches the whole library.
   */
  filter_criteria: z.string().max(20_000).default('{}'),
});
export type SmartCollectionForm = z.infer<typeof SmartCollectionFormSchema>;
export const SmartCollectionQuerySchema = z.object({ is_public: queryBoolean(false) });

/** `PUT /api/collections/smart/{id}`: the fields given replace the stored ones. */
export const SmartCollectionUpdateFormSchema = z.object({
  name: CollectionFormSchema.shape.name.optional(),
  description: z.string().trim().max(COLLECTION_DESCRIPTION_MAX).optional(),
  filter_criteria: z.string().max(20_000).optional(),
});
export type SmartCollectionUpdateForm = z.infer<typeof SmartCollectionUpdateFormSchema>;
export const SmartCollectionUpdateQuerySchema = z.object({ is_public: optionalQueryBoolean });

/** `GET /api/collections/smart`: only those changed after a date-time (RomM). */
export const SmartCollectionListQuerySchema = z.object({
  updated_after: z
    .string()
    .max(64)
    .refine((value) => !Number.isNaN(Date.parse(value)), 'must be an ISO-8601 date-time')
    .transform((value) => new Date(value).toISOString())
    .optional(),
});
