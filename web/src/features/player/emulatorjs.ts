/**
 * Boots the self-hosted EmulatorJS (served by our server at /emulatorjs/) through its globals,
 * the way its loader expects: set `window.EJS_*`, then add `loader.js`.
 */

import type { LibraryConfig } from '@romshelf/contract';

import type { EjsNetplayHost } from './netplay';

export const EMULATORJS_PATH = '/emulatorjs/';

/**
 * UI locale → EmulatorJS localization file (`data/localization/<name>.json`). EmulatorJS has no
 * French, Polish or Traditional Chinese file: French and Polish fall back to English, Traditional
 * Chinese to Simplified Chinese.
 */
export const EMULATORJS_LANGUAGE: Readonly<Record<string, string>> = Object.freeze({
  en_US: 'en-US',
  en_GB: 'en-US',
  fr_FR: 'en-US',
  de_DE: 'de-GER',
  ru_RU: 'ru-RU',
  pt_BR: 'pt-BR',
  ro_RO: 'ro-RO',
  es_ES: 'es-ES',
  zh_CN: 'zh-CN',
  zh_TW: 'zh-CN',
  ko_KR: 'ko-KO',
  ja_JP: 'ja-JA',
  it_IT: 'it-IT',
  pl_PL: 'en-US',
});

export function emulatorJsLanguage(locale: string): string {
  return EMULATORJS_LANGUAGE[locale] ?? 'en-US';
}

/** The parts of EmulatorJS's objects the player uses. */
export interface EjsFs {
  analyzePath(path: string): { exists: boolean };
  mkdir(path: string): void;
  writeFile(path: string, data: Uint8Array): void;
}

export interface EjsGameManager {
  FS: EjsFs;
  getState(): Uint8Array;
  loadState(state: Uint8Array): void;
  getSaveFile(save?: boolean): Uint8Array | null;
  getSaveFilePath(): string;
  loadSaveFiles(): void;
  screenshot(): Promise<Uint8Array>;
}

export interface EjsEmulator extends EjsNetplayHost {
  gameManager?: EjsGameManager;
  paused: boolean;
  started?: boolean;
  displayMessage(message: string, time?: number): void;
  pause(dontUpdate?: boolean): void;
  play(dontUpdate?: boolean): void;
  elements?: { parent?: HTMLElement };
}

/** EmulatorJS netplay, when config.yml enables it: the STUN/TURN servers it is given. */
export interface EjsNetplayOptions {
  iceServers: LibraryConfig['EJS_NETPLAY_ICE_SERVERS'];
}

export interface EjsBootOptions {
  container: string;
  core: string;
  gameUrl: string;
  gameName: string;
  gameId: number;
  biosUrl: string;
  loadStateUrl: string | null;
  language: string;
  threads: boolean;
  backgroundColor: string;
  color: string;
  onGameStart: () => void;
  onSaveState: () => void;
  onLoadState: () => void;
  onSaveSave: () => void;
  onLoadSave: () => void;
  netplay: EjsNetplayOptions | null;
}

type EjsWindow = Window & Record<string, unknown>;

function ejsWindow(): EjsWindow {
  return window as unknown as EjsWindow;
}

/** The running emulator, once the loader has created it. */
export function currentEmulator(): EjsEmulator | null {
  return (ejsWindow().EJS_emulator as EjsEmulator | undefined) ?? null;
}

/** Sets the EmulatorJS globals and adds its loader script; resolves when the script loaded. */
export function bootEmulatorJs(options: EjsBootOptions): Promise<void> {
  const w = ejsWindow();
  Object.assign(w, {
    EJS_player: options.container,
    EJS_core: options.core,
    EJS_gameUrl: options.gameUrl,
    EJS_gameName: options.gameName,
    EJS_gameID: options.gameId,
    EJS_biosUrl: options.biosUrl,
    EJS_pathtodata: EMULATORJS_PATH,
    EJS_startOnLoaded: true,
    EJS_threads: options.threads,
    EJS_language: options.language,
    // With `false` the loader follows EJS_language only (never the browser's locale).
    EJS_disableAutoLang: false,
    EJS_color: options.color,
    EJS_backgroundColor: options.backgroundColor,
    EJS_alignStartButton: 'center',
    // Saves and states go to our server; the exit button would leave a blank page.
    // EmulatorJS 4.2.3 hides its Netplay button unless asked to show it.
    EJS_Buttons: { exitEmulation: false, netplay: options.netplay !== null },
    EJS_defaultOptions: { 'save-state-location': 'browser' },
    EJS_onGameStart: options.onGameStart,
    EJS_onSaveState: options.onSaveState,
    EJS_onLoadState: options.onLoadState,
    EJS_onSaveSave: options.onSaveSave,
    EJS_onLoadSave: options.onLoadSave,
  });
  if (options.loadStateUrl !== null) w.EJS_loadStateURL = options.loadStateUrl;
  Object.assign(w, netplayGlobals(options.netplay));
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `${EMULATORJS_PATH}loader.js`;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('EmulatorJS could not be loaded'));
    document.body.appendChild(script);
  });
}

/**
 * EmulatorJS 4.2.3's netplay globals: the room list is read from `EJS_netplayServer` + `/list`
 * (RomShelf's `/api/netplay/list`), the button shows with `EJS_EXPERIMENTAL_NETPLAY` (our bundle
 * needs no debug mode for it) and needs `EJS_gameID`. The ICE servers are passed as RomM passes
 * them, for clients that connect peers by WebRTC (4.2.3 relays through the socket instead).
 */
function netplayGlobals(netplay: EjsNetplayOptions | null): Record<string, unknown> {
  return {
    EJS_EXPERIMENTAL_NETPLAY: netplay !== null,
    EJS_netplayServer: netplay === null ? '' : `${window.location.origin}/api/netplay`,
    EJS_netplayICEServers: netplay?.iceServers ?? [],
  };
}

/** Writes a save file where the core looks for it and asks the core to read it again. */
export function applySaveFile(gameManager: EjsGameManager, data: Uint8Array): void {
  const path = gameManager.getSaveFilePath();
  const parts = path.split('/');
  let current = '';
  for (const part of parts.slice(0, -1)) {
    if (part === '') continue;
    current += `/${part}`;
    if (!gameManager.FS.analyzePath(current).exists) gameManager.FS.mkdir(current);
  }
  gameManager.FS.writeFile(path, data);
  gameManager.loadSaveFiles();
}

/** `Name [2026-11-22 10-04-05]` — file stem of an uploaded save or state. */
export function timestampedStem(name: string, date = new Date()): string {
  const iso = date.toISOString().slice(0, 19).replace('T', ' ').replace(/:/g, '-');
  const clean = name.replace(/[/\\]/g, '_').replace(/^\.+/, '').trim() || 'game';
  return `${clean} [${iso}]`;
}
