import ButtonBase from '@mui/material/ButtonBase';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';

import { useUiSetting } from '@/shared/stores/ui-settings-store';

import { tv } from '../tv-units';

/**
 * One focusable thing of a console screen. The screen decides which one is focused (spatial
 * focus); the focused one takes the browser's focus and wears a ring and a lift that show from
 * across the room. A click or tap focuses and activates it.
 */
export function ConsoleTile({
  focused,
  onActivate,
  label,
  testId,
  sx,
  scroll = true,
  children,
}: {
  focused: boolean;
  /** Scroll the tile into view when focused (off where the screen moves its rows itself). */
  scroll?: boolean;
  onActivate: () => void;
  /** The accessible name when the content does not say it. */
  label?: string;
  testId?: string;
  /** More styles (an object, not a list). */
  sx?: Exclude<SxProps<Theme>, readonly unknown[]>;
  children: ReactNode;
}) {
  const ref = useRef<HTMLButtonElement>(null);
  const still = useUiSetting('disableAnimations');
  useEffect(() => {
    const element = ref.current;
    if (!focused || element === null) return;
    element.focus({ preventScroll: true });
    if (scroll) {
      element.scrollIntoView({
        block: 'nearest',
        inline: 'nearest',
        behavior: still ? 'auto' : 'smooth',
      });
    }
  }, [focused, still, scroll]);
  return (
    <ButtonBase
      ref={ref}
      tabIndex={focused ? 0 : -1}
      aria-label={label}
      data-testid={testId}
      data-focused={focused ? 'true' : undefined}
      onClick={onActivate}
      focusRipple={false}
      disableRipple
      sx={[
        {
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'stretch',
          textAlign: 'left',
          flexShrink: 0,
          borderRadius: tv(1.4),
          outline: 'none',
          transition: still ? 'none' : 'transform 120ms ease-out, box-shadow 120ms ease-out',
          '&[data-focused="true"]': {
            transform: 'scale(1.06)',
            zIndex: 1,
            // The text colour rings it (seen on any tile, a primary-coloured one too), the
            // primary colour glows around it.
            boxShadow: (theme) =>
              `0 0 0 ${tv(0.5)} ${theme.palette.text.primary}, 0 0 ${tv(2.5)} ${tv(0.6)} ${theme.palette.primary.main}`,
          },
        },
        sx ?? {},
      ]}
    >
      {children}
    </ButtonBase>
  );
}

/** A tile's title and a detail line under it. */
export function TileCaption({ title, detail }: { title: string; detail?: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography
        component="span"
        sx={{ display: 'block', fontSize: tv(2.4), fontWeight: 700, lineHeight: 1.2 }}
        noWrap
      >
        {title}
      </Typography>
      {detail !== undefined ? (
        <Typography
          component="span"
          sx={{ display: 'block', fontSize: tv(2), color: 'text.secondary' }}
          noWrap
        >
          {detail}
        </Typography>
      ) : null}
    </Box>
  );
}
