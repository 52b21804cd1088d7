import type { FastifyInstance, FastifyRequest } from 'fastify';

import { HttpError } from '../../http/http-error.js';
import type { HiddenItemsRepository, RomPlace } from './hidden-items.repository.js';
import type { HiddenItemsService } from './hidden-items.service.js';
import type { Withheld } from './visibility.js';
import {
  runWithCallerVisibility,
  setCallerWithheld,
  withholds,
  withholdsRom,
} from './visibility.js';

type Places = Pick<
  HiddenItemsRepository,
  'rom' | 'roms' | 'romOfFile' | 'romOfPlayAsset' | 'platformOfFirmware'
>;

/** What a request names: ROMs (by id, or as a file's or asset's ROM) and platforms. */
interface Named {
  /** Each named ROM's place, with the answer a missing one gets. */
  roms: { place: () => Promise<RomPlace | undefined>; detail: string }[];
  platformIds: number[];
}

const idOf = (value: unknown): number | null => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** Routes whose `:id` is not a ROM's although they sit under /api/roms/:id. */
const FILE_ID_ROUTE = '/api/roms/:id/files';
const PLAY_ASSET_ROUTE = /^\/api\/(saves|states|screenshots)\/:id(\/|$)/;
const RESOURCE_ROM = /^roms\/(\d+)\/(\d+)\//;

/** The ROMs and platforms a request's path and query name, to answer 404 if one is withheld. */
function namedBy(request: FastifyRequest, places: Places): Named {
  const pattern = request.routeOptions.url ?? '';
  const params = request.params as Record<string, unknown>;
  const query = (request.query ?? {}) as Record<string, unknown>;
  const named: Named = { roms: [], platformIds: [] };
  const rom = (
    value: unknown,
    find: (id: number) => Promise<RomPlace | undefined>,
    detail = (id: number) => `ROM with id ${String(id)} not found`,
  ) => {
    const id = idOf(value);
    if (id !== null) named.roms.push({ place: () => find(id), detail: detail(id) });
  };
  const notFound = () => 'Not found';
  const platform = (value: unknown) => {
    const id = idOf(value);
    if (id !== null) named.platformIds.push(id);
  };
  if (pattern === FILE_ID_ROUTE) rom(params.id, (id) => places.romOfFile(id), notFound);
  else if (pattern.startsWith('/api/roms/:id')) rom(params.id, (id) => places.rom(id));
  if (pattern.startsWith('/api/platforms/:id')) platform(params.id);
  if (pattern === '/api/activity/rom/:rom_id') rom(params.rom_id, (id) => places.rom(id));
  if (PLAY_ASSET_ROUTE.test(pattern)) rom(params.id, (id) => places.romOfPlayAsset(id), notFound);
  if (pattern.startsWith('/api/firmware/:id')) {
    const firmwareOf = async (id: number) => {
      const platformId = await places.platformOfFirmware(id);
      return platformId === undefined ? undefined : { id: 0, platform_id: platformId };
    };
    rom(params.id, firmwareOf, (id) => `Firmware with id ${String(id)} not found`);
  }
  const wildcard = params['*'];
  const resource = RESOURCE_ROM.exec(typeof wildcard === 'string' ? wildcard : '');
  if (pattern.startsWith('/assets/romm/resources/') && resource !== null) {
    platform(resource[1]);
    rom(resource[2], (id) => places.rom(id), notFound);
  }
  rom(query.rom_id, (id) => places.rom(id));
  platform(query.platform_id);
  if (typeof query.rom_ids === 'string') {
    const ids = query.rom_ids.split(',').flatMap((part) => idOf(part.trim()) ?? []);
    for (const id of ids) rom(id, (romId) => places.rom(romId));
  }
  return named;
}

/** 404 when the request names a withheld ROM or platform, as if it did not exist. */
async function assertNothingWithheldNamed(
  request: FastifyRequest,
  withheld: Withheld,
  places: Places,
): Promise<void> {
  const named = namedBy(request, places);
  const platformId = named.platformIds.find((id) => withheld.platformIds.includes(id));
  if (platformId !== undefined) {
    throw new HttpError(404, `Platform with id ${String(platformId)} not found`);
  }
  for (const { place, detail } of named.roms) {
    const found = await place();
    if (found !== undefined && withholdsRom(withheld, found)) throw new HttpError(404, detail);
  }
}

/**
 * Gives every request its caller's visibility: reads serving it leave out what is hidden from
 * the caller (visibility.ts), and a request naming a hidden platform or ROM in its path or
 * query (a detail, a file, a download, an asset, a cover) answers 404. Runs after the caller is
 * identified (registerAuthHook).
 */
export function registerVisibility(
  app: FastifyInstance,
  hidden: HiddenItemsService,
  places: Places,
): void {
  app.addHook('onRequest', (request, _reply, done) => {
    runWithCallerVisibility(done);
  });
  app.addHook('preHandler', async (request) => {
    const withheld = await hidden.withheldFrom(request.user);
    setCallerWithheld(withheld);
    if (withholds(withheld)) await assertNothingWithheldNamed(request, withheld, places);
  });
}
