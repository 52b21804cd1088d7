import type { LibraryConfig } from '@romshelf/contract';

type EmulatorJsConfig = Pick<
  LibraryConfig,
  | 'EJS_DEBUG'
  | 'EJS_CACHE_LIMIT'
  | 'EJS_DISABLE_AUTO_UNLOAD'
  | 'EJS_DISABLE_BATCH_BOOTUP'
  | 'EJS_NETPLAY_ENABLED'
  | 'EJS_NETPLAY_ICE_SERVERS'
  | 'EJS_SETTINGS'
  | 'EJS_CONTROLS'
>;

type Controls = LibraryConfig['EJS_CONTROLS'];
type IceServer = LibraryConfig['EJS_NETPLAY_ICE_SERVERS'][number];

/** RomM's defaults: nothing changed from EmulatorJS's own. */
export function defaultEmulatorJsConfig(): EmulatorJsConfig {
  return {
    EJS_DEBUG: false,
    EJS_CACHE_LIMIT: null,
    EJS_DISABLE_AUTO_UNLOAD: false,
    EJS_DISABLE_BATCH_BOOTUP: false,
    EJS_NETPLAY_ENABLED: false,
    EJS_NETPLAY_ICE_SERVERS: [],
    EJS_SETTINGS: {},
    EJS_CONTROLS: {},
  };
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/**
 * The `emulatorjs` section of config.yml (RomM's keys). A key of the wrong type keeps its
 * default and adds one text to `problems`.
 */
export function readEmulatorJsConfig(section: unknown, problems: string[]): EmulatorJsConfig {
  const config = defaultEmulatorJsConfig();
  if (section === undefined || section === null) return config;
  if (!isMapping(section)) {
    problems.push('emulatorjs must be a mapping of keys');
    return config;
  }
  const flag = (key: string, fallback: boolean, value: unknown = section[key]): boolean => {
    if (value === undefined || value === null) return fallback;
    if (typeof value === 'boolean') return value;
    problems.push(`emulatorjs.${key} must be true or false`);
    return fallback;
  };
  config.EJS_DEBUG = flag('debug', false);
  config.EJS_DISABLE_AUTO_UNLOAD = flag('disable_auto_unload', false);
  config.EJS_DISABLE_BATCH_BOOTUP = flag('disable_batch_bootup', false);

  const cacheLimit = section.cache_limit;
  if (cacheLimit !== undefined && cacheLimit !== null) {
    if (typeof cacheLimit === 'number' && Number.isInteger(cacheLimit) && cacheLimit >= 0) {
      config.EJS_CACHE_LIMIT = cacheLimit;
    } else problems.push('emulatorjs.cache_limit must be a whole number of bytes');
  }

  const netplay = section.netplay;
  if (netplay !== undefined && netplay !== null) {
    if (isMapping(netplay)) {
      config.EJS_NETPLAY_ENABLED = flag('netplay.enabled', false, netplay.enabled);
      config.EJS_NETPLAY_ICE_SERVERS = iceServers(netplay.ice_servers, problems);
    } else problems.push('emulatorjs.netplay must be a mapping of keys');
  }

  config.EJS_SETTINGS = settings(section.settings, problems);
  config.EJS_CONTROLS = controls(section.controls, problems);
  return config;
}

function iceServers(value: unknown, problems: string[]): IceServer[] {
  if (value === undefined || value === null) return [];
  const servers = Array.isArray(value)
    ? value.map((item): IceServer | undefined => {
        if (!isMapping(item)) return undefined;
        const urls = text(item.urls);
        if (urls === undefined) return undefined;
        const username = text(item.username);
        const credential = text(item.credential);
        return {
          urls,
          ...(username === undefined ? {} : { username }),
          ...(credential === undefined ? {} : { credential }),
        };
      })
    : [undefined];
  if (servers.some((server) => server === undefined)) {
    problems.push('emulatorjs.netplay.ice_servers must be a list of {urls, username, credential}');
    return [];
  }
  return servers as IceServer[];
}

function settings(value: unknown, problems: string[]): Record<string, Record<string, string>> {
  if (value === undefined || value === null) return {};
  const result: Record<string, Record<string, string>> = {};
  const valid =
    isMapping(value) &&
    Object.entries(value).every(([core, options]) => {
      if (!isMapping(options)) return false;
      const entries = Object.entries(options).map(([key, option]) => [key, text(option)] as const);
      if (entries.some(([, option]) => option === undefined)) return false;
      result[core] = Object.fromEntries(entries) as Record<string, string>;
      return true;
    });
  if (!valid) {
    problems.push('emulatorjs.settings must map cores to options and their values');
    return {};
  }
  return result;
}

/** `controls.{core}.{player 0-3}.{button}.{value, value2}`; players are keyed `_0`…`_3` as RomM's. */
function controls(value: unknown, problems: string[]): Controls {
  if (value === undefined || value === null) return {};
  const result: Controls = {};
  const valid =
    isMapping(value) &&
    Object.entries(value).every(([core, players]) => {
      if (!isMapping(players)) return false;
      const corePlayers: Controls[string] = {};
      for (const [player, buttons] of Object.entries(players)) {
        if (!/^[0-3]$/.test(player) || !isMapping(buttons)) return false;
        const bound: Controls[string][string] = {};
        for (const [button, keys] of Object.entries(buttons)) {
          if (!isMapping(keys)) return false;
          const first = keys.value === undefined ? undefined : text(keys.value);
          const second = keys.value2 === undefined ? undefined : text(keys.value2);
          if (
            (keys.value !== undefined && first === undefined) ||
            (keys.value2 !== undefined && second === undefined)
          ) {
            return false;
          }
          bound[button] = {
            ...(first === undefined ? {} : { value: first }),
            ...(second === undefined ? {} : { value2: second }),
          };
        }
        corePlayers[`_${player}`] = bound;
      }
      result[core] = corePlayers;
      return true;
    });
  if (!valid) {
    problems.push('emulatorjs.controls must map cores to players 0-3, buttons and their keys');
    return {};
  }
  return result;
}
