import Button from '@mui/material/Button';
import { ThemeProvider } from '@mui/material/styles';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { buildTheme } from './theme';

describe('buttons', () => {
  afterEach(cleanup);

  it.each(['dark', 'light'] as const)('keep their label on one line (%s theme)', (mode) => {
    render(
      <ThemeProvider theme={buildTheme(mode)}>
        <Button>Nachschlagen</Button>
      </ThemeProvider>,
    );
    expect(getComputedStyle(screen.getByRole('button')).whiteSpace).toBe('nowrap');
  });
});
