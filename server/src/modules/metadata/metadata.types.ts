import type { DetailedRom } from '@romshelf/contract';

/** RomMetadataSchema. */
export type RomMetadatum = DetailedRom['metadatum'];
