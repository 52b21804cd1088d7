import { resolveUiSettings, THEME_PREFERENCE, UI_SETTINGS_DEFAULTS } from '@romshelf/contract';
import type { UiSettingKey, UiSettings, UiTheme, User } from '@romshelf/contract';
import { create } from 'zustand';

import { api } from '@/lib/api-client';
import { useLanguageStore } from '@/lib/stores/language-store';
import { useThemeStore } from '@/lib/stores/theme-store';

const THEME_CHOICES = {
  dark: THEME_PREFERENCE.dark,
  light: THEME_PREFERENCE.light,
  auto: THEME_PREFERENCE.auto,
} as const satisfies Record<UiTheme, number>;

export interface UiSettingsState {
  settings: UiSettings;
  /** Whose settings these are; null while nobody is signed in (the defaults, not saved). */
  userId: number | null;
  /** Keys other apps keep in the same `ui_settings`, sent back unchanged. */
  others: Record<string, unknown>;
  /** The last save failed; the choice still applies in this browser. */
  saveFailed: boolean;
  /** Takes the signed-in user's stored settings (and their theme and language). */
  apply: (user: Pick<User, 'id' | 'ui_settings'> | null) => void;
  /** Applies one choice at once and saves the whole set to the user's account. */
  change: <K extends UiSettingKey>(key: K, value: UiSettings[K]) => void;
}

/** Saves run one after another, so the server always ends with the latest choice. */
let saving: Promise<unknown> = Promise.resolve();

function applyLook(settings: UiSettings): void {
  useThemeStore.getState().setPreference(THEME_CHOICES[settings.theme]);
  if (settings.locale !== '') useLanguageStore.getState().setLanguage(settings.locale);
}

/**
 * The interface options of the signed-in user (RomM's User interface page). They live in the
 * user's `ui_settings` on the server, so they follow the user to any browser.
 */
export const useUiSettingsStore = create<UiSettingsState>()((set, get) => ({
  settings: { ...UI_SETTINGS_DEFAULTS },
  userId: null,
  others: {},
  saveFailed: false,
  apply: (user) => {
    const stored = user?.ui_settings ?? null;
    const settings = resolveUiSettings(stored);
    const others = Object.fromEntries(
      Object.entries(stored ?? {}).filter(([key]) => !(key in UI_SETTINGS_DEFAULTS)),
    );
    set({ settings, userId: user?.id ?? null, others, saveFailed: false });
    if (stored) applyLook(settings);
  },
  change: (key, value) => {
    const settings = { ...get().settings, [key]: value };
    set({ settings });
    if (key === 'theme' || key === 'locale') applyLook(settings);
    const { userId, others } = get();
    if (userId === null) return;
    const body = { ui_settings: { ...others, ...settings } };
    saving = saving
      .then(() => api.put(`/users/${String(userId)}`, { json: body }))
      .then(
        () => set({ saveFailed: false }),
        (error: unknown) => {
          console.error('Could not save the interface settings', error);
          set({ saveFailed: true });
        },
      );
  },
}));

/** One interface setting of the signed-in user. */
export function useUiSetting<K extends UiSettingKey>(key: K): UiSettings[K] {
  return useUiSettingsStore((state) => state.settings[key]);
}

/** Waits for the saves started so far (tests, and leaving the page). */
export function settledUiSettings(): Promise<unknown> {
  return saving;
}
