/**
 * What a gamepad asks the UI to do. Buttons follow the Gamepad API's standard mapping:
 * d-pad or left stick move, A (bottom face button) selects, B (right face button) goes back,
 * L1/R1 page, Start opens the menu.
 */
export type PadIntent =
  'up' | 'down' | 'left' | 'right' | 'select' | 'back' | 'pageUp' | 'pageDown' | 'menu';

/** Held directions and shoulder buttons repeat, like a held arrow key; the others fire once. */
const REPEATING: ReadonlySet<PadIntent> = new Set([
  'up',
  'down',
  'left',
  'right',
  'pageUp',
  'pageDown',
]);
export const REPEAT_DELAY_MS = 400;
export const REPEAT_INTERVAL_MS = 110;
/** How far the stick must lean before it counts as a direction (drifting sticks rest near 0.1-0.2). */
const STICK_THRESHOLD = 0.5;

const BUTTON_INTENTS: ReadonlyArray<readonly [number, PadIntent]> = [
  [0, 'select'],
  [1, 'back'],
  [4, 'pageUp'],
  [5, 'pageDown'],
  [9, 'menu'],
  [12, 'up'],
  [13, 'down'],
  [14, 'left'],
  [15, 'right'],
];

function stickIntent(pad: Gamepad): PadIntent | null {
  const x = pad.axes[0] ?? 0;
  const y = pad.axes[1] ?? 0;
  if (Math.max(Math.abs(x), Math.abs(y)) < STICK_THRESHOLD) return null;
  // One direction at a time: the axis leaned on most wins, so a slightly diagonal push stays straight.
  if (Math.abs(x) > Math.abs(y)) return x > 0 ? 'right' : 'left';
  return y > 0 ? 'down' : 'up';
}

function heldIntents(pads: readonly (Gamepad | null)[]): Set<PadIntent> {
  const held = new Set<PadIntent>();
  for (const pad of pads) {
    if (pad === null || !pad.connected || pad.mapping !== 'standard') continue;
    for (const [button, intent] of BUTTON_INTENTS) {
      if (pad.buttons[button]?.pressed === true) held.add(intent);
    }
    const stick = stickIntent(pad);
    if (stick !== null) held.add(stick);
  }
  return held;
}

export interface PadReader {
  /** The intents a new snapshot of the pads fires at time `now` (milliseconds, monotonic). */
  read(pads: readonly (Gamepad | null)[], now: number): PadIntent[];
}

/**
 * Turns successive snapshots of `navigator.getGamepads()` into intents: a press fires once, a held
 * direction or shoulder button fires again after REPEAT_DELAY_MS and then every REPEAT_INTERVAL_MS.
 * Whatever is already held at the first snapshot waits for its release, so the press that opened
 * a screen does not also act on it.
 */
export function createPadReader(): PadReader {
  let first = true;
  const nextRepeatAt = new Map<PadIntent, number>();
  return {
    read(pads, now) {
      const held = heldIntents(pads);
      const fired: PadIntent[] = [];
      for (const intent of nextRepeatAt.keys()) {
        if (!held.has(intent)) nextRepeatAt.delete(intent);
      }
      for (const intent of held) {
        const repeatAt = nextRepeatAt.get(intent);
        if (repeatAt === undefined) {
          nextRepeatAt.set(
            intent,
            first || !REPEATING.has(intent) ? Infinity : now + REPEAT_DELAY_MS,
          );
          if (!first) fired.push(intent);
        } else if (now >= repeatAt) {
          nextRepeatAt.set(intent, now + REPEAT_INTERVAL_MS);
          fired.push(intent);
        }
      }
      first = false;
      return fired;
    },
  };
}
