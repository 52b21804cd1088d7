import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

import type { JumpEntry } from '@/lib/jump-bar';

/** The A–Z jump bar: a column on wide screens, a scrollable strip on phones. */
export function JumpBarNav({
  entries,
  active,
  disabled,
  onJump,
  orientation,
}: {
  entries: readonly JumpEntry[];
  active: string | null;
  disabled: boolean;
  onJump: (entry: JumpEntry) => void;
  orientation: 'vertical' | 'horizontal';
}) {
  const { t } = useTranslation('gallery');
  const vertical = orientation === 'vertical';
  return (
    <Box
      component="nav"
      aria-label={t('jump.label')}
      data-testid="jump-bar"
      sx={{
        display: 'flex',
        flexDirection: vertical ? 'column' : 'row',
        alignItems: 'center',
        gap: vertical ? 0.1 : 0.25,
        overflowX: vertical ? 'visible' : 'auto',
        scrollbarWidth: 'none',
        py: vertical ? 1 : 0.5,
        px: vertical ? 0.25 : 0,
        borderRadius: 99,
        bgcolor: (theme) => alpha(theme.palette.text.primary, 0.04),
      }}
    >
      {entries.map((entry) => {
        const empty = entry.offset === null;
        const selected = entry.label === active;
        return (
          <ButtonBase
            key={entry.label}
            disabled={empty || disabled}
            onClick={() => onJump(entry)}
            aria-label={t('jump.to', { letter: entry.label })}
            aria-current={selected ? 'true' : undefined}
            data-testid={`jump-${entry.label}`}
            sx={(theme) => ({
              width: vertical ? 24 : 28,
              height: vertical ? 20 : 28,
              flexShrink: 0,
              borderRadius: 99,
              fontSize: 11,
              fontWeight: 700,
              color: selected ? theme.palette.primary.contrastText : theme.palette.text.primary,
              bgcolor: selected ? theme.palette.primary.main : 'transparent',
              opacity: empty ? 0.28 : 1,
              '&:hover': { bgcolor: selected ? undefined : alpha(theme.palette.primary.main, 0.2) },
            })}
          >
            {entry.label}
          </ButtonBase>
        );
      })}
    </Box>
  );
}
