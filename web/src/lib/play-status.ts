import { PLAY_STATUS_EMOJI, PLAY_STATUSES } from '@romshelf/contract';
import type { PlayStatus } from '@romshelf/contract';

export { PLAY_STATUSES };
export type { PlayStatus };

/** The emoji of a status (SPEC §4). */
export function statusEmoji(status: PlayStatus): string {
  return PLAY_STATUS_EMOJI[status];
}

/** Translation key of a status label, in the `rom` namespace (`status.finished` → "Finished"). */
export function statusLabelKey(status: PlayStatus): `status.${PlayStatus}` {
  return `status.${status}`;
}

export function isPlayStatus(value: unknown): value is PlayStatus {
  return typeof value === 'string' && (PLAY_STATUSES as readonly string[]).includes(value);
}
