import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { platformsQueryOptions } from '@/shared/api/platforms';
import { isPlayStatus, statusLabelKey } from '@/lib/play-status';

import type { ActiveFilter, FlagFilter, ListFilter } from './gallery-filters';

/** Metadata providers by brand name (not translated). */
const PROVIDER_NAMES: Readonly<Record<string, string>> = {
  igdb: 'IGDB',
  ss: 'ScreenScraper',
  moby: 'MobyGames',
  ra: 'RetroAchievements',
  launchbox: 'LaunchBox',
  hasheous: 'Hasheous',
  tgdb: 'TheGamesDB',
  flashpoint: 'Flashpoint',
  hltb: 'HowLongToBeat',
  gamelist: 'gamelist.xml',
  libretro: 'Libretro',
};

export interface FilterLabels {
  list: (name: ListFilter) => string;
  flag: (name: FlagFilter) => string;
  /** How a value of a list reads: a platform's name, a status's label, a provider's brand. */
  value: (name: ListFilter, value: string) => string;
  chip: (filter: ActiveFilter) => string;
}

/** The words of the filter drawer and chips; platforms' names are only asked for when needed. */
export function useFilterLabels(needPlatforms: boolean): FilterLabels {
  const { t } = useTranslation(['gallery', 'rom']);
  const platforms = useQuery({ ...platformsQueryOptions(), enabled: needPlatforms });
  const list = (name: ListFilter) => t(`filters.list.${name}`);
  const flag = (name: FlagFilter) => t(`filters.flag.${name}`);
  const value = (name: ListFilter, raw: string) => {
    if (name === 'platform_ids') {
      return platforms.data?.find((platform) => String(platform.id) === raw)?.display_name ?? raw;
    }
    if (name === 'statuses' && isPlayStatus(raw)) return t(statusLabelKey(raw), { ns: 'rom' });
    if (name === 'metadata_providers') return PROVIDER_NAMES[raw] ?? raw;
    if (name === 'dat_statuses') return t(`filters.dat-status.${raw}`);
    return raw;
  };
  const chip = (filter: ActiveFilter) => {
    if (filter.kind === 'flag') {
      return filter.value ? flag(filter.name) : t(`filters.flag-no.${filter.name}`);
    }
    const shown = { filter: list(filter.name), value: value(filter.name, filter.value) };
    return filter.logic === 'none' ? t('filters.chip-not', shown) : t('filters.chip', shown);
  };
  return { list, flag, value, chip };
}
