import { HttpError } from './http/http-error.js';
import type { LibraryConfigService } from './modules/library/library-config.service.js';
import { MemoryNetplayRooms, RedisNetplayRooms } from './modules/netplay/netplay-rooms.js';
import { NetplayService } from './modules/netplay/netplay.service.js';
import type { RomsService } from './modules/roms/roms.service.js';
import type { ScaleOut } from './scale-out.js';

/** Netplay rooms: in this process, or in Redis for every API process (REDIS_URL). */
export function createNetplay(
  libraryConfig: LibraryConfigService,
  roms: RomsService,
  scaleOut: ScaleOut | null,
): NetplayService {
  return new NetplayService({
    rooms: scaleOut === null ? new MemoryNetplayRooms() : new RedisNetplayRooms(scaleOut.redis),
    enabled: () => libraryConfig.get().EJS_NETPLAY_ENABLED,
    romExists: (romId) =>
      roms.findOr404(romId).then(
        () => true,
        (error: unknown) => {
          if (error instanceof HttpError && error.statusCode === 404) return false;
          throw error;
        },
      ),
  });
}
