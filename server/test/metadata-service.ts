import path from 'node:path';

import pino from 'pino';

import type { Db } from '../src/db/database.js';
import { ConfinedFiles } from '../src/lib/confined-files.js';
import { LibraryConfigService } from '../src/modules/library/library-config.service.js';
import { MetadataRepository } from '../src/modules/metadata/metadata.repository.js';
import type { MetadataProviders } from '../src/modules/metadata/metadata.service.js';
import { MetadataService } from '../src/modules/metadata/metadata.service.js';
import { RomMetadataWrites } from '../src/modules/roms/writes/rom-metadata-writes.js';
import { RomResources } from '../src/modules/roms/resources/rom-resources.js';
import { RomWritesRepository } from '../src/modules/roms/writes/rom-writes.repository.js';
import { RomsRepository } from '../src/modules/roms/roms.repository.js';

/**
 * A metadata service on a test app's database with the given provider clients (fake servers
 * at the network edge), artwork from their origins, no screenshots.
 */
export function buildMetadataService(
  db: Db,
  dataDir: string,
  providers: MetadataProviders,
  trustedOrigins: readonly string[],
): MetadataService {
  const log = pino({ level: 'silent' });
  return new MetadataService(
    providers,
    new RomMetadataWrites(new RomsRepository(db), new RomWritesRepository(db)),
    new MetadataRepository(db),
    new LibraryConfigService(dataDir, log),
    new RomResources(path.join(dataDir, 'resources'), new ConfinedFiles(path.join(dataDir, 'tmp'))),
    { trustedOrigins: new Set(trustedOrigins), timeoutMs: 5000, maxScreenshots: 0 },
    log,
  );
}
