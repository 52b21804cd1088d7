import type { ScanSettingsBody } from '@romshelf/contract';
import { isMap, isScalar, isSeq } from 'yaml';
import type { Document } from 'yaml';

import { ensureMapping } from './library-config.writer.js';

type Value = string[] | string | boolean | null;

/** Whether a node already holds `value` (then it is left as written, comments and all). */
function holds(node: unknown, value: Value): boolean {
  if (Array.isArray(value)) {
    return (
      isSeq(node) &&
      node.items.length === value.length &&
      node.items.every((item, index) => isScalar(item) && item.value === value[index])
    );
  }
  return isScalar(node) && node.value === value;
}

/** Sets `keys` to `value` (null removes the key); true when the document changed. */
function put(document: Document, keys: readonly string[], value: Value): boolean {
  const last = keys[keys.length - 1] as string;
  if (value === null) {
    const parent = document.getIn(keys.slice(0, -1), true);
    return isMap(parent) && parent.delete(last);
  }
  const parent = ensureMapping(document, keys.slice(0, -1));
  if (holds(parent.get(last, true), value)) return false;
  parent.set(last, document.createNode(value));
  return true;
}

/**
 * Writes RomM 5's scan settings into config.yml's `scan` section (`scan.priority.*`,
 * `scan.media`, `scan.gamelist.*`, `scan.pegasus.export`). Keys whose value is unchanged are
 * not touched, and everything else in the file (comments, other sections, key order) is kept.
 */
export function writeScanSettings(document: Document, body: ScanSettingsBody): boolean {
  const entries: [readonly string[], Value][] = [
    [['scan', 'priority', 'metadata'], body.metadata_priority],
    [['scan', 'priority', 'artwork'], body.artwork_priority],
    [['scan', 'priority', 'cover'], body.cover_priority ?? null],
    [['scan', 'priority', 'screenshot'], body.screenshot_priority ?? null],
    [['scan', 'priority', 'manual'], body.manual_priority ?? null],
    [['scan', 'priority', 'region'], body.region_priority],
    [['scan', 'priority', 'language'], body.language_priority],
    [['scan', 'media'], body.media],
    [['scan', 'gamelist', 'export'], body.gamelist_export],
    [['scan', 'gamelist', 'media', 'thumbnail'], body.gamelist_thumbnail],
    [['scan', 'gamelist', 'media', 'image'], body.gamelist_image],
    [['scan', 'pegasus', 'export'], body.pegasus_export],
  ];
  let changed = false;
  for (const [keys, value] of entries) changed = put(document, keys, value) || changed;
  return changed;
}
