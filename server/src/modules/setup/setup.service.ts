import { mkdirSync } from 'node:fs';
import path from 'node:path';

import { isKnownPlatformSlug, resolvePlatformFolder } from '@romshelf/contract';
import type {
  SetupLibrary,
  SetupPlatformFolder,
  SetupPlatformsBody,
  SetupPlatformsResult,
  Scope,
} from '@romshelf/contract';

import { forbidden, HttpError, notAuthenticated } from '../../http/http-error.js';
import type { LibraryConfigEditor } from '../library/library-config.editor.js';
import type { LibraryConfigService } from '../library/library-config.service.js';
import { detectLayout, listFsPlatforms, platformRomsPath } from '../library/library-fs.js';
import { ExclusionRules, LibraryWalker } from '../library/library-walker.js';
import type { PlatformsService } from '../platforms/platforms.service.js';
import { fsNameProblem } from '../library/fs-name.js';
import type { SystemService } from '../system/system.service.js';

export interface SetupCaller {
  signedIn: boolean;
  scopes: readonly Scope[];
}

/** Unreadable entries are the scan's to report; the wizard only counts what it can read. */
const ignoreProblem = (): void => undefined;

/**
 * The library step of the setup wizard (RomM's `/api/setup/*`): what the library folder holds,
 * folders created for chosen platforms, unknown folders bound to platforms in config.yml.
 * Open to anyone while no admin exists (the wizard's first run), then to holders of the scope.
 */
export class SetupService {
  constructor(
    private readonly libraryDir: string,
    private readonly libraryConfig: LibraryConfigService,
    private readonly configEditor: LibraryConfigEditor,
    private readonly platforms: PlatformsService,
    private readonly system: SystemService,
  ) {}

  /** Decided before the body is read: open during first setup, else the scope is needed. */
  async assertMayUse(caller: SetupCaller, scope: Scope): Promise<void> {
    if (await this.system.showSetupWizard()) return;
    if (!caller.signedIn) throw notAuthenticated();
    if (!caller.scopes.includes(scope)) throw forbidden();
  }

  async library(): Promise<SetupLibrary> {
    const config = this.libraryConfig.get();
    const folders = this.platformFolders();
    const layout = detectLayout(this.libraryDir);
    // Games as the scan will make them: exclusions applied, a sheet and its tracks one game.
    const walker = new LibraryWalker(this.libraryDir, ignoreProblem);
    const rules = new ExclusionRules(config);
    const existing: SetupPlatformFolder[] = await Promise.all(
      folders.map(async (folder) => {
        const resolved = resolvePlatformFolder(folder, {
          bindings: config.PLATFORMS_BINDING,
          versions: config.PLATFORMS_VERSIONS,
        });
        const known = resolved.matchedBy !== 'unknown';
        const romsPath = platformRomsPath(layout, folder);
        const roms = await walker.listRoms({ fsSlug: folder, romsPath }, rules);
        return {
          fs_slug: folder,
          rom_count: roms.length,
          slug: known ? resolved.slug : null,
          name: known ? resolved.name : null,
        };
      }),
    );
    return {
      detected_structure:
        folders.length === 0 ? null : layout === 'roms-first' ? 'struct_a' : 'struct_b',
      library_path: this.libraryDir,
      existing_platforms: existing,
      unknown_folders: existing.filter((item) => item.slug === null).map((item) => item.fs_slug),
      supported_platforms: await this.platforms.supported(),
    };
  }

  /**
   * Creates a folder for each chosen platform (in the library's layout; `roms/{platform}` for
   * an empty library) and binds folders to platforms. Everything is checked before anything
   * is written.
   */
  choosePlatforms(body: SetupPlatformsBody): SetupPlatformsResult {
    const { create, bindings } = Array.isArray(body) ? { create: body, bindings: {} } : body;
    for (const slug of [...create, ...Object.values(bindings)]) {
      if (!isKnownPlatformSlug(slug)) throw new HttpError(400, `Unknown platform: ${slug}`);
    }
    const folders = new Set(this.platformFolders());
    for (const folder of Object.keys(bindings)) {
      if (fsNameProblem(folder) !== null || !folders.has(folder)) {
        throw new HttpError(400, `Not a platform folder of the library: ${folder}`);
      }
    }
    const layout = folders.size === 0 ? 'roms-first' : detectLayout(this.libraryDir);
    const missing = [...new Set(create)].filter((slug) => !folders.has(slug));
    for (const slug of missing) {
      mkdirSync(path.join(this.libraryDir, platformRomsPath(layout, slug)), { recursive: true });
    }
    for (const [folder, slug] of Object.entries(bindings)) {
      this.configEditor.addBinding('platforms', { fs_slug: folder, slug });
    }
    const bound = Object.keys(bindings).length;
    return {
      success: true,
      created_count: missing.length,
      bound_count: bound,
      message: `Created ${String(missing.length)} platform folders, bound ${String(bound)} folders`,
    };
  }

  private platformFolders(): string[] {
    const config = this.libraryConfig.get();
    return listFsPlatforms(this.libraryDir, [
      ...config.DEFAULT_EXCLUDED_DIRS,
      ...config.EXCLUDED_PLATFORMS,
    ]);
  }
}
