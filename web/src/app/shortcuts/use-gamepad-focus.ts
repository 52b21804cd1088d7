import { useNavigate } from 'react-router';

import { useGamepadIntents } from '@/lib/gamepad';
import type { PadIntent } from '@/lib/gamepad';
import { moveFocus } from '@/lib/spatial-focus';
import type { Direction } from '@/lib/spatial-focus';
import { isModalOpen } from './use-keyboard-shortcuts';

const ARROW_KEYS: Readonly<Record<Direction, string>> = {
  up: 'ArrowUp',
  down: 'ArrowDown',
  left: 'ArrowLeft',
  right: 'ArrowRight',
};

/** Widgets that move their own focus with the arrow keys (MUI menus, lists, tabs, radios). */
const ARROW_WIDGETS = '[role="menu"], [role="listbox"], [role="tablist"], [role="radiogroup"]';

function pressKey(target: Element, key: string): void {
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
}

/**
 * A gamepad drives the main UI as the keyboard does: the d-pad or stick moves focus (between
 * cards, through menus and dialogs), A presses the focused element, B closes the open dialog,
 * drawer or menu or else goes back, L1/R1 scroll a page, Start shows the shortcuts sheet.
 */
export function useGamepadFocus(showShortcuts: () => void, enabled: boolean): void {
  const navigate = useNavigate();
  useGamepadIntents((intent: PadIntent) => {
    const active = document.activeElement;
    switch (intent) {
      case 'up':
      case 'down':
      case 'left':
      case 'right':
        if (active?.closest(ARROW_WIDGETS)) pressKey(active, ARROW_KEYS[intent]);
        else moveFocus(intent);
        return;
      case 'select':
        if (active instanceof HTMLElement && active !== document.body) active.click();
        return;
      case 'back':
        if (isModalOpen()) pressKey(active ?? document.body, 'Escape');
        else void navigate(-1);
        return;
      case 'pageUp':
      case 'pageDown':
        window.scrollBy({ top: (intent === 'pageUp' ? -0.8 : 0.8) * window.innerHeight });
        return;
      case 'menu':
        showShortcuts();
    }
  }, enabled);
}
