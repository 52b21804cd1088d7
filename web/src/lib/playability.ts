import type { NotPlayableReason } from '@romshelf/contract';
import { isRufflePlatform, whyNotPlayable } from '@romshelf/contract';

import { useConfigStore } from '@/shared/stores/config-store';
import { useHeartbeatStore } from '@/shared/stores/heartbeat-store';
import { useKioskVisitor } from '@/shared/stores/kiosk';

let webglCache: boolean | undefined;

/**
 * Whether the browser gives a WebGL context (checked once; false outside a browser). The test
 * context is given back at once: held, it would keep a GPU context alive for the page's life.
 */
export function isWebglAvailable(): boolean {
  if (webglCache !== undefined) return webglCache;
  try {
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
    context?.getExtension('WEBGL_lose_context')?.loseContext();
    webglCache = context !== null;
  } catch {
    webglCache = false;
  }
  return webglCache;
}

/** Tests only: forget the cached WebGL answer. */
export function resetWebglCache(value?: boolean): void {
  webglCache = value;
}

/** The fields of a ROM that decide whether it plays in the browser. */
export interface PlayableRom {
  id: number;
  platform_slug: string;
  missing_from_fs?: boolean;
}

export type PlayerKind = 'ejs' | 'ruffle';

export interface Playability {
  /** Which player opens the game (Ruffle for flash/browser, EmulatorJS otherwise). */
  kind: PlayerKind;
  /** Null when the game can be played; otherwise why not (see {@link playReasonKey}). */
  reason: NotPlayableReason | null;
  /** The player page. */
  href: string;
}

export interface PlayabilityEnv {
  disableEmulatorJs: boolean;
  disableRuffle: boolean;
  webglAvailable: boolean;
  versions?: Readonly<Record<string, string>>;
  /** The chosen core, when the player already knows it. */
  core?: string;
  /** Pass `crossOriginIsolated` on the player page; leave undefined elsewhere. */
  sharedArrayBufferAvailable?: boolean;
}

/** The player page of a ROM. */
export function playerHref(rom: { id: number; platform_slug: string }): string {
  const kind: PlayerKind = isRufflePlatform(rom.platform_slug) ? 'ruffle' : 'ejs';
  return `/rom/${rom.id}/${kind}`;
}

/** Pure form of {@link usePlayability}: SPEC §5 rules with the given environment. */
export function getPlayability(rom: PlayableRom, env: PlayabilityEnv): Playability {
  return {
    kind: isRufflePlatform(rom.platform_slug) ? 'ruffle' : 'ejs',
    reason: whyNotPlayable({
      platformSlug: rom.platform_slug,
      versions: env.versions,
      disableEmulatorJs: env.disableEmulatorJs,
      disableRuffle: env.disableRuffle,
      webglAvailable: env.webglAvailable,
      core: env.core,
      sharedArrayBufferAvailable: env.sharedArrayBufferAvailable,
      missingFromFs: rom.missing_from_fs === true,
    }),
    href: playerHref(rom),
  };
}

/** Translation key (namespace `play`) of a not-playable reason. */
export function playReasonKey(reason: NotPlayableReason): string {
  return `play:reason.${reason}`;
}

/**
 * Whether a Play button should show for this ROM and, if not, why. Uses the heartbeat
 * (`DISABLE_EMULATOR_JS`, `DISABLE_RUFFLE_RS`), the library config's platform versions and the
 * browser's WebGL support. Links to the EmulatorJS player should be full page loads
 * (`<a href>`, not client-side navigation): that page is served cross-origin isolated.
 */
export function usePlayability(rom: PlayableRom | null | undefined): Playability | null {
  const heartbeat = useHeartbeatStore((state) => state.value);
  const versions = useConfigStore((state) => state.value?.PLATFORMS_VERSIONS);
  const kiosk = useKioskVisitor();
  // A kiosk visitor without KIOSK_ALLOW_PLAY is offered no player at all.
  if (rom === null || rom === undefined || (kiosk.visitor && !kiosk.allowPlay)) return null;
  return getPlayability(rom, {
    disableEmulatorJs: heartbeat?.EMULATION.DISABLE_EMULATOR_JS ?? false,
    disableRuffle: heartbeat?.EMULATION.DISABLE_RUFFLE_RS ?? false,
    webglAvailable: isWebglAvailable(),
    versions,
  });
}
