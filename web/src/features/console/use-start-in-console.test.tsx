import { UI_SETTINGS_DEFAULTS } from '@romshelf/contract';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';

import { useUiSettingsStore } from '@/shared/stores/ui-settings-store';

import { useStartInConsole } from './use-start-in-console';

function App() {
  useStartInConsole();
  return null;
}

describe('useStartInConsole', () => {
  afterEach(cleanup);

  it('opens console mode when the signed-in app starts on home, and only then', async () => {
    const router = createMemoryRouter(
      [
        { path: '/', element: <App /> },
        { path: '/console', element: <App /> },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    expect(router.state.location.pathname).toBe('/');
    await act(async () => {
      useUiSettingsStore.setState({
        userId: 1,
        settings: { ...UI_SETTINGS_DEFAULTS, startInConsole: true },
      });
      await Promise.resolve();
    });
    expect(router.state.location.pathname).toBe('/console');
    // Leaving console mode for home later stays on home.
    await act(() => router.navigate('/'));
    expect(router.state.location.pathname).toBe('/');
  });
});
