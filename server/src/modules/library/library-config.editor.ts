import type {
  ExclusionType,
  LibraryConfig,
  PlatformBindingBody,
  ScanSettingsBody,
} from '@romshelf/contract';

import { HttpError } from '../../http/http-error.js';
import { fsNameProblem } from './fs-name.js';
import { writeScanSettings } from './library-config.scan-settings.js';
import type { LibraryConfigService } from './library-config.service.js';
import { configEdits } from './library-config.writer.js';

/** Characters that reorder how text is shown, so a value reads as something it is not. */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
/** Wildcards, shell and Windows-reserved characters: never part of a real platform folder. */
const FOLDER_SPECIALS = /[*?[\]$`<>:"|]/;
/** Windows device names, which no folder can be called (with or without an extension). */
const DEVICE_NAMES = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

/** Why a text cannot be written into config.yml, or null when it can. */
function hostileTextProblem(text: string): string | null {
  if (CONTROL_CHARACTERS.test(text)) return 'must not contain NUL or control characters';
  if (BIDI_CONTROLS.test(text)) return 'must not contain bidirectional control characters';
  return null;
}

/** A folder name config.yml may key: one plain path segment, as a folder really is named. */
function checkFolder(folder: string): void {
  const problem =
    fsNameProblem(folder) ??
    hostileTextProblem(folder) ??
    (FOLDER_SPECIALS.test(folder) ? 'must not contain any of * ? [ ] $ ` < > : " |' : null) ??
    (DEVICE_NAMES.test(folder) ? 'is a reserved device name' : null);
  if (problem !== null) {
    throw new HttpError(400, `Folder name ${JSON.stringify(folder)}: ${problem}`);
  }
}

/** An exclusion may be a wildcard pattern, but no text that hides what it is. */
function checkExclusion(value: string): void {
  const problem = hostileTextProblem(value);
  if (problem !== null) throw new HttpError(400, `Exclusion ${JSON.stringify(value)} ${problem}`);
}

/**
 * Library management through config.yml (RomM's `/api/config/system/*` and `/api/config/exclude`):
 * platform folder bindings, versions, exclusions and the scan settings. Each change is written to the file and is
 * in force for the next request and scan, without a restart.
 */
export class LibraryConfigEditor {
  constructor(private readonly config: LibraryConfigService) {}

  addBinding(section: 'platforms' | 'versions', body: PlatformBindingBody): LibraryConfig {
    checkFolder(body.fs_slug);
    return this.config.edit((document) =>
      configEdits.setBinding(document, section, body.fs_slug, body.slug),
    );
  }

  removeBinding(section: 'platforms' | 'versions', folder: string): LibraryConfig {
    return this.config.edit((document) => configEdits.removeBinding(document, section, folder));
  }

  addExclusion(type: ExclusionType, value: string): LibraryConfig {
    checkExclusion(value);
    return this.config.edit((document) => configEdits.addExclusion(document, type, value));
  }

  removeExclusion(type: ExclusionType, value: string): LibraryConfig {
    return this.config.edit((document) => configEdits.removeExclusion(document, type, value));
  }

  /** RomM 5's `PUT /api/config/scan`: the whole `scan` section at once. */
  updateScanSettings(body: ScanSettingsBody): LibraryConfig {
    return this.config.edit((document) => writeScanSettings(document, body));
  }
}
