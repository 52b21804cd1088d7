import {
  ConfigSchema,
  DetailedRomSchema,
  ErrorBodySchema,
  FirmwareSchema,
  HeartbeatSchema,
  PlatformSchema,
  RomFileSchema,
  RomListPageSchema,
  RomMetadatumSchema,
  RomUserSchema,
  SaveSchema,
  ScreenshotSchema,
  SearchRomSchema,
  SimpleRomSchema,
  StateSchema,
  UserSaveSchema,
  UserScreenshotSchema,
  UserSchema,
  UserStateSchema,
} from '@romshelf/contract';
import { jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The entities the OpenAPI document names once under `components.schemas` and references
 * elsewhere (RomM's schema names), instead of writing them out in every route: a detailed ROM
 * alone would otherwise repeat under each route that answers one.
 */
const NAMED_SCHEMAS: Record<string, z.ZodType> = {
  DetailedRomSchema: DetailedRomSchema,
  SimpleRomSchema: SimpleRomSchema,
  RomFileSchema: RomFileSchema,
  RomUserSchema: RomUserSchema,
  RomMetadataSchema: RomMetadatumSchema,
  CustomLimitOffsetPage_SimpleRomSchema_: RomListPageSchema,
  PlatformSchema: PlatformSchema,
  FirmwareSchema: FirmwareSchema,
  SaveSchema: SaveSchema,
  StateSchema: StateSchema,
  ScreenshotSchema: ScreenshotSchema,
  UserSaveSchema: UserSaveSchema,
  UserStateSchema: UserStateSchema,
  UserScreenshotSchema: UserScreenshotSchema,
  UserSchema: UserSchema,
  SearchRomSchema: SearchRomSchema,
  HeartbeatResponse: HeartbeatSchema,
  ConfigResponse: ConfigSchema,
  ErrorResponse: ErrorBodySchema,
};

/** Registers the named entities in zod's global registry, where the OpenAPI transform finds them. */
export function registerOpenApiComponents(): void {
  for (const [id, schema] of Object.entries(NAMED_SCHEMAS)) {
    if (!z.globalRegistry.has(schema)) z.globalRegistry.add(schema, { id });
  }
}

type OpenApiDocument = ReturnType<typeof jsonSchemaTransformObject>;
const SCHEMA_REF = /"#\/components\/schemas\/([^"]+)"/g;

/**
 * The document with its named components, keeping only those a route reaches: the transform
 * writes an input variant of every named entity as well, and none of them is read by a request.
 */
export function withReachableComponents(
  input: Parameters<typeof jsonSchemaTransformObject>[0],
): OpenApiDocument {
  const document = jsonSchemaTransformObject(input);
  // Swagger 2 documents have no components; this server writes OpenAPI 3.
  if (!('components' in document) || document.components?.schemas === undefined) return document;
  const schemas = document.components.schemas;
  const reachable = new Set<string>();
  const pending = [JSON.stringify(document.paths ?? {})];
  for (let json = pending.pop(); json !== undefined; json = pending.pop()) {
    for (const [, name] of json.matchAll(SCHEMA_REF)) {
      if (name === undefined || reachable.has(name) || !(name in schemas)) continue;
      reachable.add(name);
      pending.push(JSON.stringify(schemas[name]));
    }
  }
  for (const name of Object.keys(schemas)) {
    if (!reachable.has(name)) Reflect.deleteProperty(schemas, name);
  }
  return document;
}
