export type { PadIntent } from './pad-reader';
export { useGamepadIntents } from './use-gamepad-intents';
