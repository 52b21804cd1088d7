import { act, cleanup, render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { fakePad } from '@/test/fake-gamepad';
import { useGamepadFocus } from './use-gamepad-focus';

let pads: Gamepad[] = [];

/** Shows one press of `button` to the hook: pressed for one frame, then released. */
function press(button: number): void {
  act(() => {
    pads = [fakePad({ pressed: [button] })];
    vi.advanceTimersToNextFrame();
    pads = [fakePad()];
    vi.advanceTimersToNextFrame();
  });
}

function Probe({ showShortcuts }: { showShortcuts: () => void }) {
  useGamepadFocus(showShortcuts, true);
  return <output data-testid="path">{useLocation().pathname}</output>;
}

function renderProbe(showShortcuts: () => void = () => undefined) {
  const view = render(
    <MemoryRouter initialEntries={['/first', '/second']} initialIndex={1}>
      <Probe showShortcuts={showShortcuts} />
    </MemoryRouter>,
  );
  act(() => {
    pads = [fakePad()];
    window.dispatchEvent(new Event('gamepadconnected'));
    vi.advanceTimersToNextFrame();
  });
  return view;
}

function keysSeenBy(element: HTMLElement): string[] {
  const keys: string[] = [];
  element.addEventListener('keydown', (event) => keys.push(event.key));
  return keys;
}

describe('useGamepadFocus', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    Object.defineProperty(navigator, 'getGamepads', { value: () => pads, configurable: true });
  });
  afterEach(() => {
    cleanup();
    document.body.innerHTML = '';
    vi.useRealTimers();
    Reflect.deleteProperty(navigator, 'getGamepads');
  });

  it('presses the focused element with A, and shows the shortcuts with Start', () => {
    const showShortcuts = vi.fn();
    renderProbe(showShortcuts);
    const button = document.createElement('button');
    const clicked = vi.fn();
    button.addEventListener('click', clicked);
    document.body.append(button);
    button.focus();
    press(0);
    expect(clicked).toHaveBeenCalledTimes(1);
    press(9);
    expect(showShortcuts).toHaveBeenCalledTimes(1);
  });

  it('closes an open dialog with B (Escape), else goes back', () => {
    const view = renderProbe();
    const modal = document.createElement('div');
    modal.className = 'MuiModal-root';
    const inside = document.createElement('button');
    modal.append(inside);
    document.body.append(modal);
    inside.focus();
    const keys = keysSeenBy(modal);
    press(1);
    expect(keys).toEqual(['Escape']);
    expect(view.getByTestId('path').textContent).toBe('/second');
    modal.remove();
    press(1);
    expect(view.getByTestId('path').textContent).toBe('/first');
  });

  it('lets menus move their own focus: the d-pad becomes arrow keys there', () => {
    renderProbe();
    const menu = document.createElement('ul');
    menu.setAttribute('role', 'menu');
    const item = document.createElement('li');
    item.tabIndex = 0;
    menu.append(item);
    document.body.append(menu);
    item.focus();
    const keys = keysSeenBy(menu);
    press(13);
    press(12);
    press(15);
    press(14);
    expect(keys).toEqual(['ArrowDown', 'ArrowUp', 'ArrowRight', 'ArrowLeft']);
  });
});
