import { TASK_NAMES } from '@romshelf/contract';

/** What starting the verification task needs of the task runner. */
export interface TaskStarter {
  start(name: string, trigger: 'scheduled', params: Record<string, unknown>): unknown;
  subscribe(listener: (event: 'progress' | 'end', status: { task_key: string }) => void): unknown;
}

/**
 * Starts the verification task for the platforms whose games or DATs changed. While a run is
 * going on, requests wait and are merged, and one run starts for all of them when it ends:
 * nothing asked is lost, and no two runs write the same verdicts at once.
 */
export class VerificationRequests {
  /** Platforms waiting for a run; null: all of them; undefined: none waits. */
  private waiting: Set<number> | null | undefined = undefined;

  constructor(private readonly tasks: TaskStarter) {
    tasks.subscribe((event, status) => {
      if (event === 'end' && status.task_key === TASK_NAMES.verifyDats) this.startWaiting();
    });
  }

  /** Verifies the changed games of some platforms (every platform when null). */
  request(platformIds: readonly number[] | null): void {
    if (platformIds === null || this.waiting === null) this.waiting = null;
    else this.waiting = new Set([...(this.waiting ?? []), ...platformIds]);
    this.startWaiting();
  }

  private startWaiting(): void {
    if (this.waiting === undefined) return;
    const platformIds = this.waiting === null ? null : [...this.waiting].sort((a, b) => a - b);
    const params = { platform_ids: platformIds, full: false };
    if (this.tasks.start(TASK_NAMES.verifyDats, 'scheduled', params) !== null) {
      this.waiting = undefined;
    }
  }
}
