import type { ExclusionType, LibraryConfig, PlatformBindingBody } from '@romshelf/contract';

import { HttpError } from '../../http/http-error.js';
import { fsNameProblem } from '../roms/fs-name.js';
import type { LibraryConfigService } from './library-config.service.js';
import { configEdits } from './library-config.writer.js';

/** A folder name config.yml may key: one plain path segment. */
function checkFolder(folder: string): void {
  const problem = fsNameProblem(folder);
  if (problem !== null)
    throw new HttpError(400, `Folder name ${JSON.stringify(folder)}: ${problem}`);
}

/**
 * Library management through config.yml (RomM's `/api/config/system/*` and `/api/config/exclude`):
 * platform folder bindings, versions and exclusions. Each change is written to the file and is
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
    return this.config.edit((document) => configEdits.addExclusion(document, type, value));
  }

  removeExclusion(type: ExclusionType, value: string): LibraryConfig {
    return this.config.edit((document) => configEdits.removeExclusion(document, type, value));
  }
}
