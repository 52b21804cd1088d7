import { describe, expect, it } from 'vitest';

import { createPadReader, REPEAT_DELAY_MS, REPEAT_INTERVAL_MS } from './pad-reader';
import { fakePad } from '@/test/fake-gamepad';

describe('createPadReader', () => {
  it('maps the standard buttons to intents, each once per press', () => {
    const reader = createPadReader();
    expect(reader.read([fakePad()], 0)).toEqual([]);
    const cases = [
      [0, 'select'],
      [1, 'back'],
      [4, 'pageUp'],
      [5, 'pageDown'],
      [9, 'menu'],
      [12, 'up'],
      [13, 'down'],
      [14, 'left'],
      [15, 'right'],
    ] as const;
    let now = 0;
    for (const [button, intent] of cases) {
      now += 16;
      expect(reader.read([fakePad({ pressed: [button] })], now)).toEqual([intent]);
      now += 16;
      expect(reader.read([fakePad({ pressed: [button] })], now)).toEqual([]);
      now += 16;
      expect(reader.read([fakePad()], now)).toEqual([]);
    }
  });

  it('reads the left stick past its threshold, the axis leaned on most winning', () => {
    const reader = createPadReader();
    reader.read([fakePad()], 0);
    expect(reader.read([fakePad({ axes: [0.3, -0.2] })], 16)).toEqual([]);
    expect(reader.read([fakePad({ axes: [0.9, -0.6] })], 32)).toEqual(['right']);
    expect(reader.read([fakePad()], 48)).toEqual([]);
    expect(reader.read([fakePad({ axes: [0.4, -0.8] })], 64)).toEqual(['up']);
    expect(reader.read([fakePad()], 80)).toEqual([]);
    expect(reader.read([fakePad({ axes: [-0.7, 0] })], 96)).toEqual(['left']);
    expect(reader.read([fakePad()], 112)).toEqual([]);
    expect(reader.read([fakePad({ axes: [0, 1] })], 128)).toEqual(['down']);
  });

  it('repeats a held direction after the delay, then at the interval', () => {
    const reader = createPadReader();
    reader.read([fakePad()], 0);
    const down = [fakePad({ pressed: [13] })];
    expect(reader.read(down, 100)).toEqual(['down']);
    expect(reader.read(down, 100 + REPEAT_DELAY_MS - 1)).toEqual([]);
    expect(reader.read(down, 100 + REPEAT_DELAY_MS)).toEqual(['down']);
    expect(reader.read(down, 100 + REPEAT_DELAY_MS + REPEAT_INTERVAL_MS - 1)).toEqual([]);
    expect(reader.read(down, 100 + REPEAT_DELAY_MS + REPEAT_INTERVAL_MS)).toEqual(['down']);
  });

  it('repeats the shoulder buttons but never select, back or menu', () => {
    const reader = createPadReader();
    reader.read([fakePad()], 0);
    const held = [fakePad({ pressed: [0, 1, 5, 9] })];
    expect(reader.read(held, 10)).toEqual(['select', 'back', 'pageDown', 'menu']);
    expect(reader.read(held, 10 + REPEAT_DELAY_MS)).toEqual(['pageDown']);
    expect(reader.read(held, 10 + 10 * REPEAT_DELAY_MS)).toEqual(['pageDown']);
  });

  it('ignores what is already held at the first snapshot until it is released', () => {
    const reader = createPadReader();
    const held = [fakePad({ pressed: [0, 15] })];
    expect(reader.read(held, 0)).toEqual([]);
    expect(reader.read(held, 10 * REPEAT_DELAY_MS)).toEqual([]);
    expect(reader.read([fakePad({ pressed: [15] })], 11 * REPEAT_DELAY_MS)).toEqual([]);
    expect(reader.read([fakePad({ pressed: [0, 15] })], 12 * REPEAT_DELAY_MS)).toEqual(['select']);
    expect(reader.read([fakePad()], 13 * REPEAT_DELAY_MS)).toEqual([]);
    expect(reader.read([fakePad({ pressed: [15] })], 14 * REPEAT_DELAY_MS)).toEqual(['right']);
  });

  it('merges several pads and skips empty slots and pads without the standard mapping', () => {
    const reader = createPadReader();
    reader.read([], 0);
    const pads = [
      null,
      fakePad({ index: 1, pressed: [12] }),
      fakePad({ index: 2, pressed: [12, 1] }),
      fakePad({ index: 3, pressed: [0], mapping: '' }),
    ];
    expect(reader.read(pads, 16)).toEqual(['up', 'back']);
  });
});
