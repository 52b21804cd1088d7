import { z } from 'zod';

import { VIRTUAL_COLLECTION_TYPES } from './api/collections.js';
import {
  DEFAULT_VERSION_LANGUAGES,
  DEFAULT_VERSION_REGIONS,
  VersionLanguagesSchema,
  VersionRegionsSchema,
} from './version-preference.js';
import type { VersionLanguage, VersionRegion } from './version-preference.js';

/** Gallery view modes (SPEC §2). */
export const GALLERY_VIEWS = ['small', 'big', 'list'] as const;
export type GalleryView = (typeof GALLERY_VIEWS)[number];

export const UI_THEMES = ['dark', 'light', 'auto'] as const;
export type UiTheme = (typeof UI_THEMES)[number];

/** Platform fields the platforms drawer can group by (manufacturer, generation, type). */
export const PLATFORMS_GROUP_BY = ['family_name', 'generation', 'category'] as const;
export type PlatformsGroupBy = (typeof PLATFORMS_GROUP_BY)[number];

/** The kind of virtual collection the drawer and home list (RomM's choices, `all` for every kind). */
export const VIRTUAL_COLLECTION_CHOICES = [...VIRTUAL_COLLECTION_TYPES, 'all'] as const;
export type VirtualCollectionChoice = (typeof VIRTUAL_COLLECTION_CHOICES)[number];

/**
 * The interface options a user carries from browser to browser, stored in the user's
 * `ui_settings` (RomM's key names, so RomM's apps and RomShelf read each other's choices).
 * `theme` is dark, light or auto (follows the system); `locale` a language code, '' for the
 * browser's own choice.
 */
export const UI_SETTINGS_DEFAULTS = {
  theme: 'auto' as UiTheme,
  locale: '',
  showStats: true,
  showRecentRoms: true,
  showContinuePlaying: true,
  showPlatforms: true,
  platformsGroupBy: null as PlatformsGroupBy | null,
  galleryView: 'big' as GalleryView,
  groupRoms: true,
  /** RomShelf's one game, one ROM: grouped galleries show only each game's preferred version. */
  preferredVersionOnly: false,
  versionRegions: [...DEFAULT_VERSION_REGIONS] as VersionRegion[],
  versionLanguages: [...DEFAULT_VERSION_LANGUAGES] as VersionLanguage[],
  /** Betas, prototypes, demos and samples count as versions to prefer. */
  versionPrereleases: false,
  showGameTitle: true,
  showStatus: true,
  showRegions: true,
  showLanguages: true,
  showActionBar: false,
  disableAnimations: false,
  showVirtualCollections: true,
  virtualCollectionType: 'collection' as VirtualCollectionChoice,
  /** RomShelf's console mode: open it when the app starts, and its navigation sounds. */
  startInConsole: false,
  consoleSounds: false,
};
export type UiSettings = typeof UI_SETTINGS_DEFAULTS;
export type UiSettingKey = keyof UiSettings;

/**
 * What PUT /api/users/{id} accepts as `ui_settings`: the known keys with their types checked,
 * any other key (another app's) kept as sent.
 */
export const UiSettingsInputSchema = z
  .object({
    theme: z.enum(UI_THEMES),
    locale: z.string().max(16),
    showStats: z.boolean(),
    showRecentRoms: z.boolean(),
    showContinuePlaying: z.boolean(),
    showPlatforms: z.boolean(),
    platformsGroupBy: z.enum(PLATFORMS_GROUP_BY).nullable(),
    galleryView: z.enum(GALLERY_VIEWS),
    groupRoms: z.boolean(),
    preferredVersionOnly: z.boolean(),
    versionRegions: VersionRegionsSchema,
    versionLanguages: VersionLanguagesSchema,
    versionPrereleases: z.boolean(),
    showGameTitle: z.boolean(),
    showStatus: z.boolean(),
    showRegions: z.boolean(),
    showLanguages: z.boolean(),
    showActionBar: z.boolean(),
    disableAnimations: z.boolean(),
    showVirtualCollections: z.boolean(),
    virtualCollectionType: z.enum(VIRTUAL_COLLECTION_CHOICES),
    startInConsole: z.boolean(),
    consoleSounds: z.boolean(),
  })
  .partial()
  .catchall(z.unknown());

/** Stored settings over the defaults; a stored value of the wrong type falls back to its default. */
export function resolveUiSettings(stored: Record<string, unknown> | null | undefined): UiSettings {
  const settings: UiSettings = { ...UI_SETTINGS_DEFAULTS };
  if (!stored) return settings;
  const shape = UiSettingsInputSchema.shape;
  for (const key of Object.keys(UI_SETTINGS_DEFAULTS) as UiSettingKey[]) {
    const parsed = shape[key].safeParse(stored[key]);
    if (parsed.success && parsed.data !== undefined) {
      (settings as Record<UiSettingKey, unknown>)[key] = parsed.data;
    }
  }
  return settings;
}
