import { METADATA_SOURCES } from '@romshelf/contract';
import type { Heartbeat, MetadataSource } from '@romshelf/contract';

/** SPEC §3 "Metadata option entry"; `disabled` is the reason text, empty when enabled. */
export interface MetadataOption {
  name: string;
  value: MetadataSource;
  logo_path: string;
  disabled: string;
}

export type MetadataFlags = Heartbeat['METADATA_SOURCES'];

/** The translation keys of the two reasons (SPEC §8). */
export type DisabledReasonKey = 'scan.api-key-missing' | 'scan.disabled-by-admin';

const SOURCES: Record<
  MetadataSource,
  { name: string; flag: keyof MetadataFlags; reason: DisabledReasonKey }
> = {
  igdb: { name: 'IGDB', flag: 'IGDB_API_ENABLED', reason: 'scan.api-key-missing' },
  hasheous: { name: 'Hasheous', flag: 'HASHEOUS_API_ENABLED', reason: 'scan.disabled-by-admin' },
  ss: { name: 'ScreenScraper', flag: 'SS_API_ENABLED', reason: 'scan.api-key-missing' },
  moby: { name: 'MobyGames', flag: 'MOBY_API_ENABLED', reason: 'scan.api-key-missing' },
  ra: { name: 'RetroAchievements', flag: 'RA_API_ENABLED', reason: 'scan.api-key-missing' },
  lb: { name: 'LaunchBox', flag: 'LAUNCHBOX_API_ENABLED', reason: 'scan.disabled-by-admin' },
  sgdb: { name: 'SteamGridDB', flag: 'STEAMGRIDDB_API_ENABLED', reason: 'scan.api-key-missing' },
};

/**
 * The scan page's metadata options in SPEC order. Without a heartbeat every source counts as
 * unavailable.
 */
export function metadataOptions(
  flags: MetadataFlags | undefined,
  translate: (key: DisabledReasonKey) => string,
): MetadataOption[] {
  return METADATA_SOURCES.map((value) => {
    const source = SOURCES[value];
    const enabled = flags?.[source.flag] ?? false;
    const playmatch = value === 'igdb' && (flags?.PLAYMATCH_API_ENABLED ?? false);
    return {
      name: playmatch ? 'IGDB + Playmatch' : source.name,
      value,
      logo_path: `/metadata-sources/${value}.svg`,
      disabled: enabled ? '' : translate(source.reason),
    };
  });
}

/** Where the sources the user switched off are kept, so sources enabled later start selected. */
export const EXCLUDED_SOURCES_KEY = 'scan.metadataSourcesOff';

/** The stored list of switched-off sources; anything unreadable counts as none. */
export function parseExcludedSources(raw: string | null): MetadataSource[] {
  if (raw === null) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return METADATA_SOURCES.filter((value) => parsed.includes(value));
  } catch {
    return [];
  }
}

/** The `apis` a scan sends: every available option the user has not switched off. */
export function selectedSources(
  options: readonly MetadataOption[],
  excluded: readonly MetadataSource[],
): MetadataSource[] {
  return options
    .filter((option) => option.disabled === '' && !excluded.includes(option.value))
    .map((option) => option.value);
}

/** Switches one source on or off in the excluded list (kept in SPEC order). */
export function toggleExcluded(
  excluded: readonly MetadataSource[],
  value: MetadataSource,
): MetadataSource[] {
  const next = excluded.includes(value)
    ? excluded.filter((entry) => entry !== value)
    : [...excluded, value];
  return METADATA_SOURCES.filter((entry) => next.includes(entry));
}
