import type { Migration, MigrationProvider } from 'kysely';

import { usersAndSessions } from './202611220400_users_and_sessions.js';
import { accounts } from './202611220500_accounts.js';
import { library } from './202611220510_library.js';
import { romUserData } from './202611220610_rom_user_data.js';
import { metadata } from './202611220620_metadata.js';
import { play } from './202611220630_play.js';
import { raHash } from './202611220700_ra_hash.js';
import { providerIdIndexes } from './202611220800_provider_id_indexes.js';
import { oidc } from './202611251000_oidc.js';
import { romNotes } from './202611260200_rom_notes.js';
import { romIndexAudit } from './202611270100_rom_index_audit.js';
import { romWordSearch } from './202611270200_rom_word_search.js';
import { playAssetSlots } from './202611270300_play_asset_slots.js';
import { taskRuns } from './202611270500_task_runs.js';
import { romFacets } from './202611280100_rom_facets.js';
import { romVersionGroups } from './202611280200_rom_version_groups.js';
import { clientTokens } from './202611280500_client_tokens.js';
import { collections } from './202611290100_collections.js';
import { smartCollections } from './202611290200_smart_collections.js';
import { devicesAndSync } from './202611290300_devices_and_sync.js';
import { postgresSearch } from './202611300200_postgres_search.js';
import { shareActivity } from './202611300300_share_activity.js';
import { romFamilyGroups } from './202611300400_rom_family_groups.js';
import { previousLogin } from './202612010200_previous_login.js';
import { romFacetCounts } from './202612020400_rom_facet_counts.js';
import { romVersions } from './202612020410_rom_versions.js';
import { galleryScreenshotsAndManualUrls } from './202612030400_gallery_screenshots_and_manual_urls.js';
import { taskSchedules } from './202612010100_task_schedules.js';
import { listOrderIndexes } from './202612020300_list_order_indexes.js';
import { providerClaimIndexes } from './202612020310_provider_claim_indexes.js';
import { downloadLinks } from './202612030500_download_links.js';
import { hiddenItems } from './202612030700_hidden_items.js';
import { saveHistory } from './202612040400_save_history.js';
import { permissionGroups } from './202612030600_permission_groups.js';
import { dats } from './202612040500_dats.js';
import { datImportState } from './202612040510_dat_import_state.js';
import { datVerification } from './202612040600_dat_verification.js';
import { platformMissingSizes } from './202612050300_platform_missing_sizes.js';
import { webdavLocks } from './202612050500_webdav_locks.js';
import { romListJson } from './202612070100_rom_list_json.js';

/**
 * Every migration, in order, listed explicitly (no directory scanning, so bundling and the
 * compiled output cannot miss one). Keys are `YYYYMMDDHHmm_name`, matching the file names.
 */
export const MIGRATIONS: Record<string, Migration> = {
  '202611220400_users_and_sessions': usersAndSessions,
  '202611220500_accounts': accounts,
  '202611220510_library': library,
  '202611220610_rom_user_data': romUserData,
  '202611220620_metadata': metadata,
  '202611220630_play': play,
  '202611220700_ra_hash': raHash,
  '202611220800_provider_id_indexes': providerIdIndexes,
  '202611251000_oidc': oidc,
  '202611260200_rom_notes': romNotes,
  '202611270100_rom_index_audit': romIndexAudit,
  '202611270200_rom_word_search': romWordSearch,
  '202611270300_play_asset_slots': playAssetSlots,
  '202611270500_task_runs': taskRuns,
  '202611280100_rom_facets': romFacets,
  '202611280200_rom_version_groups': romVersionGroups,
  '202611280500_client_tokens': clientTokens,
  '202611290100_collections': collections,
  '202611290200_smart_collections': smartCollections,
  '202611290300_devices_and_sync': devicesAndSync,
  '202611300200_postgres_search': postgresSearch,
  '202611300300_share_activity': shareActivity,
  '202611300400_rom_family_groups': romFamilyGroups,
  '202612010100_task_schedules': taskSchedules,
  '202612010200_previous_login': previousLogin,
  '202612020300_list_order_indexes': listOrderIndexes,
  '202612020310_provider_claim_indexes': providerClaimIndexes,
  '202612020400_rom_facet_counts': romFacetCounts,
  '202612020410_rom_versions': romVersions,
  '202612030400_gallery_screenshots_and_manual_urls': galleryScreenshotsAndManualUrls,
  '202612030500_download_links': downloadLinks,
  '202612030600_permission_groups': permissionGroups,
  '202612030700_hidden_items': hiddenItems,
  '202612040400_save_history': saveHistory,
  '202612040500_dats': dats,
  '202612040510_dat_import_state': datImportState,
  '202612040600_dat_verification': datVerification,
  '202612050300_platform_missing_sizes': platformMissingSizes,
  '202612050500_webdav_locks': webdavLocks,
  '202612070100_rom_list_json': romListJson,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(MIGRATIONS),
};
