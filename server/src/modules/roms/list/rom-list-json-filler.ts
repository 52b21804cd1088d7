import { setImmediate as nextTurn } from 'node:timers/promises';

import type { DataKind, DataVersions } from '../../../db/data-versions.js';
import type { RomListJsonStore } from './rom-list-json-store.js';

/** ROMs written per step: a few milliseconds of the event loop. */
const STEP_ROMS = 200;
/** The writes a ROM's stored list JSON may be dropped by (its ROM or platform row). */
const LISTED_DATA: readonly DataKind[] = ['romRows', 'platforms'];
/** How long ROM writes must pause before a pass starts (a scan writes in a stream of batches). */
const QUIET_MS = 1000;

/**
 * Writes the list JSON of ROMs that have none stored once ROM or platform writes pause (after
 * a scan, a metadata task, a platform's rename), so the gallery's pages never asked before are
 * read, not written; one pass also follows start-up. A pass walks the ROMs by id in small steps
 * and yields between them; writes during a pass start another once it ends.
 */
export class RomListJsonFiller {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly store: Pick<RomListJsonStore, 'missingIds' | 'write'>,
    versions: Pick<DataVersions, 'onWrote'>,
    private readonly quietMs = QUIET_MS,
  ) {
    versions.onWrote((kind) => {
      if (LISTED_DATA.includes(kind)) this.changed();
    });
    // A library stored before its JSON was (or while a pass was cut short) is filled too.
    this.changed();
  }

  /** ROM or platform rows changed: a pass follows once writes pause. */
  private changed(): void {
    if (this.stopped) return;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.start();
    }, this.quietMs);
    this.timer.unref();
  }

  /** Resolves once the running pass (and those it called for) has ended. */
  private async idle(): Promise<void> {
    while (this.running !== null) await this.running;
  }

  /** No pass starts any more; resolves once the running step has ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    await this.idle();
  }

  private start(): void {
    if (this.running !== null) {
      this.again = true;
      return;
    }
    this.running = this.pass()
      // A step that failed leaves its ROMs to be written when they are next listed.
      .catch(() => undefined)
      .finally(() => {
        this.running = null;
        if (this.again && !this.stopped) {
          this.again = false;
          this.start();
        }
      });
  }

  private async pass(): Promise<void> {
    let afterId = 0;
    while (!this.stopped) {
      const ids = await this.store.missingIds(afterId, STEP_ROMS);
      if (ids.length === 0) return;
      await this.store.write(ids);
      afterId = ids[ids.length - 1] ?? afterId;
      await nextTurn();
    }
  }
}
