import { z } from 'zod';

import { PERMISSION_ENTITIES } from './permissions.js';

/** A hidden entity (RomM HiddenEntitySchema): only platforms and ROMs can be hidden. */
export const HiddenEntitySchema = z.object({
  entity: z.enum(PERMISSION_ENTITIES),
  entity_id: z.number().int(),
});
export type HiddenEntity = z.infer<typeof HiddenEntitySchema>;

/**
 * POST and DELETE /api/permissions/hidden (RomM HiddenEntityCreate and its DELETE body): hide or
 * show again an entity for exactly one principal, a user or a permission group.
 */
export const HiddenEntityChangeSchema = HiddenEntitySchema.extend({
  user_id: z.number().int().nullable().optional(),
  group_id: z.number().int().nullable().optional(),
});
export type HiddenEntityChange = z.infer<typeof HiddenEntityChangeSchema>;

/** GET /api/permissions/hidden (RomShelf): every hidden item and whom it is hidden from, named. */
export const HiddenItemSchema = z.object({
  entity: z.enum(['platforms', 'roms']),
  entity_id: z.number().int(),
  user_id: z.number().int().nullable(),
  group_id: z.number().int().nullable(),
  principal_name: z.string(),
});
export type HiddenItem = z.infer<typeof HiddenItemSchema>;
