import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import CheckRounded from '@mui/icons-material/CheckRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

import { gameTitle } from '@/components/game-cover';
import type { MatchRomDialogProps } from '@/components/rom-actions-context';

import { useCandidatePick } from '../../hooks/use-candidate-pick';
import { useMatchActions } from '../../hooks/use-match-actions';
import { useMatchSearch } from '../../hooks/use-match-search';
import { ConfirmCandidate } from './confirm-candidate';
import { MatchCurrent } from './match-current';
import { MatchResults } from './match-results';
import { MatchSearchForm } from './match-search-form';

/**
 * Match a game by hand: search every enabled source (name or id, always on the game's
 * platform), pick a candidate and the sources to take from it; or unmatch one source or all.
 */
export function MatchRomDialog({ rom, open, onClose, onMatched }: MatchRomDialogProps) {
  const { t } = useTranslation('rom');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const search = useMatchSearch(rom, open);
  const choice = useCandidatePick();
  const actions = useMatchActions(rom, { onMatched, onApplied: onClose });
  const { current, busy, error } = actions;
  const picked = choice.picked;

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="md"
      fullScreen={phone}
      data-testid="match-rom-dialog"
    >
      <DialogTitle sx={{ pb: 1 }}>
        {t('match.title')}
        <Typography variant="body2" color="text.secondary" component="p" noWrap>
          {gameTitle(current)} · {current.platform_display_name}
        </Typography>
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          <MatchCurrent rom={current} busy={busy} onUnmatch={actions.unmatch} />
          {!search.canSearch ? (
            <Alert severity="info" data-testid="match-no-sources">
              {t('match.no-sources')}
            </Alert>
          ) : picked ? (
            <ConfirmCandidate
              rom={current}
              candidate={picked}
              chosen={choice.chosen}
              onToggle={choice.toggle}
              cover={choice.cover}
              onCover={choice.setCover}
              rename={choice.rename}
              onRename={choice.setRename}
            />
          ) : (
            <>
              <MatchSearchForm search={search} />
              <MatchResults
                rom={current}
                search={search}
                onPick={(candidate) => {
                  choice.pick(candidate);
                  actions.clearError();
                }}
              />
            </>
          )}
          {error !== null ? (
            <Alert severity="error" data-testid="match-error">
              {error}
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        {picked ? (
          <Button
            startIcon={<ArrowBackRounded />}
            onClick={choice.unpick}
            disabled={busy}
            sx={{ mr: 'auto' }}
            data-testid="match-back"
          >
            {t('match.back')}
          </Button>
        ) : null}
        <Button onClick={onClose} disabled={busy}>
          {t('actions.close')}
        </Button>
        {picked ? (
          <Button
            variant="contained"
            startIcon={<CheckRounded />}
            loading={busy}
            disabled={choice.chosen.size === 0}
            onClick={() =>
              actions.apply({
                candidate: picked,
                sources: choice.chosen,
                rename: choice.rename,
                cover: choice.cover,
              })
            }
            data-testid="match-apply"
          >
            {t('match.apply')}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
