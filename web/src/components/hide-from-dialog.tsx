import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '@/lib/api-client';
import type { HiddenEntity, HidePrincipal } from '@/shared/api/hidden-items';
import {
  isHiddenFrom,
  useHiddenItemsQuery,
  useHideMutation,
  useHidePrincipalsQuery,
} from '@/shared/api/hidden-items';

export interface HideFromDialogProps {
  entity: HiddenEntity;
  entityId: number;
  /** The platform's or game's name, for the title. */
  name: string;
  open: boolean;
  onClose: () => void;
}

/**
 * "Hide from…" (admins): the permission groups and users, each ticked while the platform or
 * game is hidden from them; a tick hides or shows it at once.
 */
export function HideFromDialog({ entity, entityId, name, open, onClose }: HideFromDialogProps) {
  const { t } = useTranslation('common');
  const principals = useHidePrincipalsQuery(open);
  const hidden = useHiddenItemsQuery(open);
  const change = useHideMutation();
  const section = (kind: HidePrincipal['kind'], title: string) => {
    const list = (principals.data ?? []).filter((principal) => principal.kind === kind);
    if (list.length === 0) return null;
    return (
      <>
        <Typography variant="subtitle2" sx={{ mt: 2 }}>
          {title}
        </Typography>
        <FormGroup>
          {list.map((principal) => (
            <FormControlLabel
              key={`${kind}-${String(principal.id)}`}
              label={principal.name}
              control={
                <Checkbox
                  checked={isHiddenFrom(hidden.data, entity, entityId, principal)}
                  disabled={change.isPending || hidden.isFetching}
                  onChange={(event) =>
                    change.mutate({ entity, entityId, principal, hide: event.target.checked })
                  }
                  slotProps={{
                    input: { 'data-testid': `hide-from-${kind}-${principal.name}` } as object,
                  }}
                />
              }
            />
          ))}
        </FormGroup>
      </>
    );
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth="xs"
      fullWidth
      slotProps={{ paper: { 'data-testid': 'hide-from-dialog' } as object }}
    >
      <DialogTitle>{t('hidden.title', { name })}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {t(entity === 'platforms' ? 'hidden.help-platform' : 'hidden.help-game')}
        </DialogContentText>
        {principals.isPending || hidden.isPending ? <LinearProgress sx={{ mt: 2 }} /> : null}
        {principals.error || hidden.error || change.error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(principals.error ?? hidden.error ?? change.error)}
          </Alert>
        ) : null}
        {section('group', t('hidden.groups'))}
        {section('user', t('hidden.users'))}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} data-testid="hide-from-done">
          {t('hidden.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
