import {
  accessSync,
  chmodSync,
  constants,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

import type { ExclusionType } from '@romshelf/contract';
import { isMap, isScalar, isSeq, parseDocument, YAMLMap } from 'yaml';
import type { Document } from 'yaml';

import { HttpError } from '../../http/http-error.js';

/**
 * Whether the server may change a file: writable for this process and not marked read-only
 * in its permissions (a container running as root could otherwise overwrite a file its owner
 * set read-only on purpose).
 */
export function isWritableFile(file: string): boolean {
  try {
    accessSync(file, constants.W_OK);
    return (statSync(file).mode & 0o222) !== 0;
  } catch {
    return false;
  }
}

/** Where each exclusion list lives in config.yml. */
export const EXCLUSION_KEYS: Record<ExclusionType, readonly string[]> = {
  EXCLUDED_PLATFORMS: ['exclude', 'platforms'],
  EXCLUDED_SINGLE_EXT: ['exclude', 'roms', 'single_file', 'extensions'],
  EXCLUDED_SINGLE_FILES: ['exclude', 'roms', 'single_file', 'names'],
  EXCLUDED_MULTI_FILES: ['exclude', 'roms', 'multi_file', 'names'],
  EXCLUDED_MULTI_PARTS_EXT: ['exclude', 'roms', 'multi_file', 'parts', 'extensions'],
  EXCLUDED_MULTI_PARTS_FILES: ['exclude', 'roms', 'multi_file', 'parts', 'names'],
};

/**
 * Makes sure every mapping along `keys` exists: an absent or empty (`key:` with nothing after
 * it) level becomes an empty mapping; a level holding something else is refused.
 */
export function ensureMapping(document: Document, keys: readonly string[]): YAMLMap {
  if (!isMap(document.contents)) {
    if (
      document.contents !== null &&
      !(isScalar(document.contents) && document.contents.value === null)
    ) {
      throw new HttpError(409, 'config.yml does not hold a mapping of keys; fix it by hand first');
    }
    document.contents = new YAMLMap();
  }
  let current = document.contents as YAMLMap;
  for (let index = 0; index < keys.length; index += 1) {
    const key = keys[index] as string;
    const node = current.get(key, true);
    if (isMap(node)) {
      current = node;
      continue;
    }
    if (node !== undefined && !(isScalar(node) && node.value === null)) {
      const where = keys.slice(0, index + 1).join('.');
      throw new HttpError(409, `config.yml: ${where} is not a mapping; fix it by hand first`);
    }
    const created = new YAMLMap();
    current.set(key, created);
    current = created;
  }
  return current;
}

/** Edits of config.yml that keep the user's comments, key order and layout. */
export const configEdits = {
  setBinding(
    document: Document,
    section: 'platforms' | 'versions',
    folder: string,
    slug: string,
  ): boolean {
    const bindings = ensureMapping(document, ['system', section]);
    const current = bindings.get(folder);
    if (typeof current === 'string' && current === slug) return false;
    bindings.set(folder, slug);
    return true;
  },

  removeBinding(document: Document, section: 'platforms' | 'versions', folder: string): boolean {
    const node = document.getIn(['system', section], true);
    return isMap(node) && node.delete(folder);
  },

  addExclusion(document: Document, type: ExclusionType, value: string): boolean {
    const keys = EXCLUSION_KEYS[type];
    const parent = ensureMapping(document, keys.slice(0, -1));
    const last = keys[keys.length - 1] as string;
    const list = parent.get(last, true);
    if (isSeq(list)) {
      if (list.items.some((item) => isScalar(item) && String(item.value) === value)) return false;
      list.add(document.createNode(value));
      return true;
    }
    if (list !== undefined && !(isScalar(list) && list.value === null)) {
      throw new HttpError(409, `config.yml: ${keys.join('.')} is not a list; fix it by hand first`);
    }
    parent.set(last, document.createNode([value]));
    return true;
  },

  removeExclusion(document: Document, type: ExclusionType, value: string): boolean {
    const list = document.getIn(EXCLUSION_KEYS[type], true);
    if (!isSeq(list)) return false;
    const index = list.items.findIndex((item) => isScalar(item) && String(item.value) === value);
    if (index < 0) return false;
    list.items.splice(index, 1);
    return true;
  },
};

/**
 * Reads config.yml, applies `edit` to its document and writes it back atomically: a temp file
 * beside it, with the same permissions, renamed over it. A missing, read-only or unparsable
 * file is refused with 409 and left untouched. `edit` returns false when nothing changed (no
 * write then).
 */
export function editConfigFile(file: string, edit: (document: Document) => boolean): void {
  let target: string;
  try {
    target = realpathSync(file);
  } catch {
    throw new HttpError(409, 'config.yml is missing: mount or create it to change the library');
  }
  if (!isWritableFile(target)) {
    throw new HttpError(409, 'config.yml is read-only: make it writable to change the library');
  }
  const document = parseDocument(readFileSync(target, 'utf8'));
  if (document.errors.length > 0) {
    throw new HttpError(409, 'config.yml has YAML errors: fix them by hand first');
  }
  if (!edit(document)) return;
  const temp = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.tmp`);
  try {
    writeFileSync(temp, document.toString({ flowCollectionPadding: false }), {
      mode: statSync(target).mode & 0o777,
    });
    chmodSync(temp, statSync(target).mode & 0o777);
    renameSync(temp, target);
  } catch (error) {
    rmSync(temp, { force: true });
    throw new HttpError(
      409,
      `config.yml could not be written: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
    );
  }
}
