import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import type { LibraryConfig } from '@romshelf/contract';
import type { FastifyBaseLogger } from 'fastify';
import { parse } from 'yaml';
import type { Document } from 'yaml';

import { fsNameProblem } from './fs-name.js';
import { defaultEmulatorJsConfig, readEmulatorJsConfig } from './library-config.emulatorjs.js';
import { editConfigFile, isWritableFile } from './library-config.writer.js';

import {
  CONFIG_TEMPLATE,
  DEFAULT_ARTWORK_PRIORITY,
  DEFAULT_EXCLUDED_DIRS,
  DEFAULT_EXCLUDED_EXTENSIONS,
  DEFAULT_EXCLUDED_FILES,
  DEFAULT_LANGUAGE_PRIORITY,
  DEFAULT_METADATA_PRIORITY,
  DEFAULT_REGION_PRIORITY,
  DEFAULT_SCAN_MEDIA,
} from './library-config.defaults.js';

export function configFilePath(dataDir: string): string {
  return path.join(dataDir, 'config', 'config.yml');
}

export function defaultLibraryConfig(): LibraryConfig {
  return {
    CONFIG_FILE_MOUNTED: false,
    CONFIG_FILE_WRITABLE: false,
    CONFIG_FILE_PARSE_ERROR: null,
    CONFIG_FILE_INVALID_BINDINGS: [],
    EXCLUDED_PLATFORMS: [],
    EXCLUDED_SINGLE_EXT: [],
    EXCLUDED_SINGLE_FILES: [],
    EXCLUDED_MULTI_FILES: [],
    EXCLUDED_MULTI_PARTS_EXT: [],
    EXCLUDED_MULTI_PARTS_FILES: [],
    DEFAULT_EXCLUDED_DIRS: [...DEFAULT_EXCLUDED_DIRS],
    DEFAULT_EXCLUDED_FILES: [...DEFAULT_EXCLUDED_FILES],
    DEFAULT_EXCLUDED_EXTENSIONS: [...DEFAULT_EXCLUDED_EXTENSIONS],
    PLATFORMS_BINDING: {},
    PLATFORMS_VERSIONS: {},
    SKIP_HASH_CALCULATION: false,
    ...defaultEmulatorJsConfig(),
    SCAN_METADATA_PRIORITY: [...DEFAULT_METADATA_PRIORITY],
    SCAN_ARTWORK_PRIORITY: [...DEFAULT_ARTWORK_PRIORITY],
    SCAN_ARTWORK_PRIORITY_OVERRIDES: {},
    SCAN_REGION_PRIORITY: [...DEFAULT_REGION_PRIORITY],
    SCAN_LANGUAGE_PRIORITY: [...DEFAULT_LANGUAGE_PRIORITY],
    SCAN_MEDIA: [...DEFAULT_SCAN_MEDIA],
    GAMELIST_AUTO_EXPORT_ON_SCAN: false,
    GAMELIST_MEDIA_THUMBNAIL: 'box2d',
    GAMELIST_MEDIA_IMAGE: 'screenshot',
    PEGASUS_AUTO_EXPORT_ON_SCAN: false,
  };
}

/** Walks a dotted key path; absent or null values give undefined. */
function lookup(root: unknown, keys: readonly string[]): unknown {
  let current = root;
  for (const key of keys) {
    if (typeof current !== 'object' || current === null || Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current ?? undefined;
}

/** Platform slugs as the catalog spells them (`snes`, `sega-cd`, `neo-geo_cd`). */
const PLATFORM_SLUG = /^[a-z0-9][a-z0-9_-]{0,63}$/i;

function scalarText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** Typed reads of a parsed config.yml: a value of the wrong type is reported and defaulted. */
class ConfigReader {
  readonly problems: string[] = [];

  constructor(readonly document: unknown) {}

  has(keys: readonly string[]): boolean {
    return lookup(this.document, keys) !== undefined;
  }

  list(keys: readonly string[], fallback: string[]): string[] {
    const value = lookup(this.document, keys);
    if (value === undefined) return fallback;
    const items = Array.isArray(value) ? value.map(scalarText) : [];
    if (!Array.isArray(value) || items.some((item) => item === undefined)) {
      this.problems.push(`${keys.join('.')} must be a list of texts`);
      return fallback;
    }
    return items.filter((item): item is string => item !== undefined);
  }

  map(keys: readonly string[]): Record<string, string> {
    const value = lookup(this.document, keys);
    if (value === undefined) return {};
    if (typeof value !== 'object' || Array.isArray(value)) {
      this.problems.push(`${keys.join('.')} must be a mapping of folder names to platform slugs`);
      return {};
    }
    const entries = Object.entries(value as Record<string, unknown>).map(
      ([key, item]) => [key, scalarText(item)] as const,
    );
    if (entries.some(([, item]) => item === undefined)) {
      this.problems.push(`${keys.join('.')} must map folder names to texts`);
      return {};
    }
    return Object.fromEntries(entries) as Record<string, string>;
  }

  bool(keys: readonly string[], fallback: boolean): boolean {
    const value = lookup(this.document, keys);
    if (value === undefined) return fallback;
    if (typeof value !== 'boolean') {
      this.problems.push(`${keys.join('.')} must be true or false`);
      return fallback;
    }
    return value;
  }

  word(keys: readonly string[], fallback: string): string {
    const value = lookup(this.document, keys);
    if (value === undefined) return fallback;
    if (typeof value !== 'string') {
      this.problems.push(`${keys.join('.')} must be a text`);
      return fallback;
    }
    return value;
  }
}

/**
 * Reads the values of a parsed config.yml. Keys with the wrong type keep their default and
 * are reported in `problems` (one text per key).
 */
export function readLibraryConfig(document: unknown): {
  config: LibraryConfig;
  problems: string[];
} {
  const config = defaultLibraryConfig();
  if (
    document !== undefined &&
    document !== null &&
    (typeof document !== 'object' || Array.isArray(document))
  ) {
    return { config, problems: ['the file must contain a mapping of keys'] };
  }
  const reader = new ConfigReader(document);
  readExclusions(reader, config);
  readPlatformBindings(reader, config);
  config.SKIP_HASH_CALCULATION = reader.bool(['filesystem', 'skip_hash_calculation'], false);
  readScanPriorities(reader, config);
  readScanExports(reader, config);
  Object.assign(config, readEmulatorJsConfig(lookup(document, ['emulatorjs']), reader.problems));
  return { config, problems: reader.problems };
}

function extensionsOf(list: string[]): string[] {
  return list.map((ext) => ext.replace(/^\./, '').toLowerCase());
}

function readExclusions(reader: ConfigReader, config: LibraryConfig): void {
  config.EXCLUDED_PLATFORMS = reader.list(['exclude', 'platforms'], []);
  config.EXCLUDED_SINGLE_EXT = extensionsOf(
    reader.list(['exclude', 'roms', 'single_file', 'extensions'], []),
  );
  config.EXCLUDED_SINGLE_FILES = reader.list(['exclude', 'roms', 'single_file', 'names'], []);
  config.EXCLUDED_MULTI_FILES = reader.list(['exclude', 'roms', 'multi_file', 'names'], []);
  config.EXCLUDED_MULTI_PARTS_EXT = extensionsOf(
    reader.list(['exclude', 'roms', 'multi_file', 'parts', 'extensions'], []),
  );
  config.EXCLUDED_MULTI_PARTS_FILES = reader.list(
    ['exclude', 'roms', 'multi_file', 'parts', 'names'],
    [],
  );
}

/** Keeps the entries whose folder is a plain folder name and whose value is a slug. */
function readPlatformBindings(reader: ConfigReader, config: LibraryConfig): void {
  const bindings = (key: 'system.platforms' | 'system.versions') => {
    const valid: Record<string, string> = {};
    for (const [folder, value] of Object.entries(reader.map(key.split('.')))) {
      if (fsNameProblem(folder) === null && PLATFORM_SLUG.test(value)) valid[folder] = value;
      else config.CONFIG_FILE_INVALID_BINDINGS.push({ key, folder, value });
    }
    return valid;
  };
  config.PLATFORMS_BINDING = bindings('system.platforms');
  config.PLATFORMS_VERSIONS = bindings('system.versions');
}

function readScanPriorities(reader: ConfigReader, config: LibraryConfig): void {
  const priority = (key: string) => ['scan', 'priority', key];
  config.SCAN_METADATA_PRIORITY = reader.list(priority('metadata'), config.SCAN_METADATA_PRIORITY);
  config.SCAN_ARTWORK_PRIORITY = reader.list(priority('artwork'), config.SCAN_ARTWORK_PRIORITY);
  const overrides = [
    ['cover', 'url_cover'],
    ['screenshot', 'url_screenshots'],
    ['manual', 'url_manual'],
  ] as const;
  for (const [key, field] of overrides) {
    if (!reader.has(priority(key))) continue;
    config.SCAN_ARTWORK_PRIORITY_OVERRIDES[field] = reader.list(priority(key), []);
  }
  config.SCAN_REGION_PRIORITY = reader.list(priority('region'), config.SCAN_REGION_PRIORITY);
  config.SCAN_LANGUAGE_PRIORITY = reader.list(priority('language'), config.SCAN_LANGUAGE_PRIORITY);
  config.SCAN_MEDIA = reader.list(['scan', 'media'], config.SCAN_MEDIA);
}

/** gamelist.xml and Pegasus exports after scans. */
function readScanExports(reader: ConfigReader, config: LibraryConfig): void {
  config.GAMELIST_AUTO_EXPORT_ON_SCAN = reader.bool(['scan', 'gamelist', 'export'], false);
  config.GAMELIST_MEDIA_THUMBNAIL = reader.word(
    ['scan', 'gamelist', 'media', 'thumbnail'],
    'box2d',
  );
  config.GAMELIST_MEDIA_IMAGE = reader.word(['scan', 'gamelist', 'media', 'image'], 'screenshot');
  config.PEGASUS_AUTO_EXPORT_ON_SCAN = reader.bool(['scan', 'pegasus', 'export'], false);
}

/**
 * The library rules from <data>/config/config.yml. The file is created with commented defaults
 * when missing and re-read whenever its modification time changes, so edits apply without a
 * restart.
 *
 * Unlike RomM, which exits when the file has wrong types, we keep serving: unreadable YAML or
 * mistyped keys fall back to defaults and the problem is reported in CONFIG_FILE_PARSE_ERROR
 * (and logged), so a typo never takes the whole library offline.
 */
export class LibraryConfigService {
  readonly file: string;
  private cached: LibraryConfig | undefined;
  private cachedStamp: string | undefined;

  constructor(
    dataDir: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.file = configFilePath(dataDir);
  }

  /** Creates the file with commented defaults if it does not exist. */
  ensureFile(): void {
    try {
      mkdirSync(path.dirname(this.file), { recursive: true });
      writeFileSync(this.file, CONFIG_TEMPLATE, { flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        this.log.warn({ err: error, file: this.file }, 'could not create config.yml');
      }
    }
  }

  /**
   * Applies an edit to config.yml (atomically, keeping comments; see editConfigFile) and
   * returns the configuration now in force.
   */
  edit(change: (document: Document) => boolean): LibraryConfig {
    editConfigFile(this.file, change);
    this.cached = undefined;
    return this.get();
  }

  get(): LibraryConfig {
    let stamp: string;
    try {
      const stats = statSync(this.file);
      stamp = `${stats.mtimeMs}:${stats.size}`;
    } catch {
      stamp = 'missing';
    }
    if (this.cached === undefined || stamp !== this.cachedStamp) {
      this.cached = this.load(stamp !== 'missing');
      this.cachedStamp = stamp;
    }
    return this.cached;
  }

  private load(exists: boolean): LibraryConfig {
    if (!exists) return defaultLibraryConfig();
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch (error) {
      const message = `Cannot read ${this.file}: ${(error as Error).message}`;
      this.log.error({ file: this.file }, message);
      return { ...defaultLibraryConfig(), CONFIG_FILE_PARSE_ERROR: message };
    }
    const base = { CONFIG_FILE_MOUNTED: true, CONFIG_FILE_WRITABLE: isWritableFile(this.file) };
    let document: unknown;
    try {
      document = parse(text);
    } catch (error) {
      const message = `Invalid YAML in config.yml: ${(error as Error).message.split('\n')[0] ?? ''}`;
      this.log.error({ file: this.file }, message);
      return { ...defaultLibraryConfig(), ...base, CONFIG_FILE_PARSE_ERROR: message };
    }
    const { config, problems } = readLibraryConfig(document);
    for (const { key, folder, value } of config.CONFIG_FILE_INVALID_BINDINGS) {
      this.log.warn(
        { file: this.file },
        `config.yml: ${key} entry ${JSON.stringify(folder)}: ${JSON.stringify(value)} ignored ` +
          '(a folder name mapped to a platform slug is expected)',
      );
    }
    if (problems.length > 0) {
      const message = `Invalid values in config.yml (defaults used): ${problems.join('; ')}`;
      this.log.error({ file: this.file }, message);
      return { ...config, ...base, CONFIG_FILE_PARSE_ERROR: message };
    }
    return { ...config, ...base };
  }
}
