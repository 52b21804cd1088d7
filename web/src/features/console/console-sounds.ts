import { useUiSetting } from '@/shared/stores/ui-settings-store';

export type ConsoleSound = 'move' | 'select' | 'back';

/** Pitch (Hz) and length (s) of each sound: a short tick, a rising chirp, a falling one. */
const SOUNDS: Readonly<Record<ConsoleSound, { from: number; to: number; length: number }>> = {
  move: { from: 880, to: 820, length: 0.035 },
  select: { from: 660, to: 990, length: 0.09 },
  back: { from: 520, to: 330, length: 0.08 },
};

let context: AudioContext | null = null;

function play(sound: ConsoleSound): void {
  if (typeof AudioContext === 'undefined') return;
  context ??= new AudioContext();
  // A context made before any key press starts suspended; each press may resume it.
  void context.resume().catch(() => undefined);
  const { from, to, length } = SOUNDS[sound];
  const now = context.currentTime;
  const tone = context.createOscillator();
  const volume = context.createGain();
  tone.type = 'triangle';
  tone.frequency.setValueAtTime(from, now);
  tone.frequency.exponentialRampToValueAtTime(to, now + length);
  volume.gain.setValueAtTime(0.12, now);
  volume.gain.exponentialRampToValueAtTime(0.001, now + length);
  tone.connect(volume).connect(context.destination);
  tone.start(now);
  tone.stop(now + length);
}

/** Plays console mode's navigation sounds when the user turned them on (off by default). */
export function useConsoleSounds(): (sound: ConsoleSound) => void {
  const enabled = useUiSetting('consoleSounds');
  return (sound) => {
    if (enabled) play(sound);
  };
}
