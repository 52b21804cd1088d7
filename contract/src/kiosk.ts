import type { Scope } from './auth.js';

/**
 * What an anonymous visitor holds in kiosk mode (KIOSK_MODE): reading the library, never
 * anything personal. RomM gives its kiosk visitor the READ scopes; the personal ones
 * (`me.read`, `roms.user.read`, `assets.read`, `devices.read`) would only answer empty here.
 */
export const KIOSK_SCOPES = [
  'roms.read',
  'platforms.read',
  'collections.read',
  'playlists.read',
] as const satisfies readonly Scope[];

/** With KIOSK_ALLOW_PLAY, visitors may also load firmware (BIOS files the player needs). */
export const KIOSK_PLAY_SCOPES = [
  ...KIOSK_SCOPES,
  'firmware.read',
] as const satisfies readonly Scope[];
