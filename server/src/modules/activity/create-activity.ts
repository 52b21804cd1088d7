import type { Redis } from 'ioredis';

import type { DevicesService } from '../devices/devices.service.js';
import type { RomsService } from '../roms/roms.service.js';
import type { UsersService } from '../users/users.service.js';
import { ActivityService } from './activity.service.js';
import { MemoryActivityStore, RedisActivityStore } from './activity.store.js';

/** Live activity, kept in Redis when processes share one (REDIS_URL), else in memory. */
export function createActivity(
  scaleOut: { redis: Redis } | null,
  roms: RomsService,
  devices: DevicesService,
  users: UsersService,
  clock?: () => number,
): ActivityService {
  const store =
    scaleOut === null ? new MemoryActivityStore() : new RedisActivityStore(scaleOut.redis);
  return new ActivityService(store, roms, devices, users, clock);
}
