import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';

import { SHORTCUTS } from './shortcut-keys';

interface Row {
  id: string;
  /** Alternatives, each keys pressed one after the other. */
  keys: readonly (readonly string[])[];
  label: string;
  /** Alternatives shown side by side without "or" (the four arrow keys). */
  bare?: boolean;
}

function Keys({ keys, bare }: Pick<Row, 'keys' | 'bare'>) {
  const { t } = useTranslation('common');
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75 }}>
      {keys.map((group, groupIndex) => (
        <Fragment key={group.join(' ')}>
          {groupIndex > 0 && bare !== true ? (
            <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
              {t('shortcuts.or')}
            </Typography>
          ) : null}
          {group.map((key, index) => (
            <Fragment key={key}>
              {index > 0 ? (
                <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('shortcuts.then')}
                </Typography>
              ) : null}
              <Box
                component="kbd"
                sx={(theme) => ({
                  fontFamily: 'inherit',
                  fontSize: 13,
                  fontWeight: 600,
                  minWidth: 26,
                  textAlign: 'center',
                  px: 0.75,
                  py: 0.25,
                  borderRadius: 1,
                  border: `1px solid ${theme.palette.divider}`,
                  borderBottomWidth: 2,
                  bgcolor: 'background.default',
                })}
              >
                {key}
              </Box>
            </Fragment>
          ))}
        </Fragment>
      ))}
    </Box>
  );
}

function Section({ title, rows }: { title: string; rows: readonly Row[] }) {
  return (
    <Box component="section" sx={{ mb: 2.5 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1, color: 'text.secondary' }}>
        {title}
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1 }}>
        {rows.map((row) => (
          <Box
            key={row.id}
            data-testid={`shortcut-${row.id}`}
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: '11rem 1fr' },
              columnGap: 2,
              rowGap: 0.5,
              alignItems: 'center',
            }}
          >
            <Box component="dt">
              <Keys keys={row.keys} bare={row.bare} />
            </Box>
            <Box component="dd" sx={{ m: 0 }}>
              <Typography variant="body2">{row.label}</Typography>
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** The sheet `?` (or a gamepad's Start) opens: every keyboard shortcut and gamepad button. */
export function ShortcutsSheet({
  open,
  canScan,
  onClose,
}: {
  open: boolean;
  canScan: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('common');
  const keyboard: Row[] = [
    ...SHORTCUTS.filter((shortcut) => canScan || shortcut.needsScan !== true).map((shortcut) => ({
      id: shortcut.action,
      keys: [shortcut.keys],
      label: t(`shortcuts.actions.${shortcut.action}`),
    })),
    {
      id: 'arrows',
      keys: [['←'], ['↑'], ['↓'], ['→']],
      bare: true,
      label: t('shortcuts.actions.arrows'),
    },
    { id: 'enter', keys: [['Enter']], label: t('shortcuts.actions.enter') },
    { id: 'escape', keys: [['Esc']], label: t('shortcuts.actions.escape') },
  ];
  const gamepad: Row[] = [
    {
      id: 'pad-move',
      keys: [[t('shortcuts.pad.d-pad')], [t('shortcuts.pad.stick')]],
      label: t('shortcuts.actions.pad-move'),
    },
    { id: 'pad-select', keys: [['A']], label: t('shortcuts.actions.pad-select') },
    { id: 'pad-back', keys: [['B']], label: t('shortcuts.actions.pad-back') },
    { id: 'pad-page', keys: [['L1'], ['R1']], label: t('shortcuts.actions.pad-page') },
    { id: 'pad-menu', keys: [['Start']], label: t('shortcuts.actions.showShortcuts') },
  ];
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="shortcuts-title"
      slotProps={{ paper: { 'data-testid': 'shortcuts-sheet' } as object }}
    >
      <DialogTitle id="shortcuts-title">{t('shortcuts.title')}</DialogTitle>
      <DialogContent>
        <Section title={t('shortcuts.keyboard')} rows={keyboard} />
        <Section title={t('shortcuts.gamepad')} rows={gamepad} />
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('shortcuts.typing-note')}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
