/** A Gamepad-shaped snapshot for tests: standard mapping, the given buttons pressed, the given axes. */
export function fakePad(
  options: {
    index?: number;
    pressed?: readonly number[];
    axes?: readonly number[];
    mapping?: GamepadMappingType;
  } = {},
): Gamepad {
  const pressed = new Set(options.pressed ?? []);
  const buttons = Array.from({ length: 17 }, (_, button) => {
    const down = pressed.has(button);
    return { pressed: down, touched: down, value: down ? 1 : 0 };
  });
  const axes = [...(options.axes ?? []), 0, 0, 0, 0].slice(0, 4);
  return {
    id: 'Test pad (STANDARD GAMEPAD)',
    index: options.index ?? 0,
    connected: true,
    mapping: options.mapping ?? 'standard',
    timestamp: 0,
    axes,
    buttons,
    vibrationActuator: null,
  } as unknown as Gamepad;
}
