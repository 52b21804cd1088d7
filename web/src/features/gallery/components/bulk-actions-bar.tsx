import CloseRounded from '@mui/icons-material/CloseRounded';
import DeleteRounded from '@mui/icons-material/DeleteRounded';
import DoneAllRounded from '@mui/icons-material/DoneAllRounded';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import FavoriteRounded from '@mui/icons-material/FavoriteRounded';
import FlagRounded from '@mui/icons-material/FlagRounded';
import type { PlayStatus, SimpleRom } from '@romshelf/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { PlayStatusMenu } from '@/components/play-status-menu';
import { useRomActions } from '@/components/rom-actions-context';
import { saveRomProps } from '@/shared/api/rom-props';
import { errorMessage } from '@/lib/api-client';
import type { PropsChange } from '@/shared/api/rom-props';
import { downloadSequentially } from '../bulk-download';
import { romContentUrl } from '@/lib/download';
import { romKeys } from '@/shared/api/rom-keys';
import { useHasScopes } from '@/shared/stores/use-scopes';

import { useGalleryStore } from '../stores/gallery-store';

function Action({
  label,
  icon,
  onClick,
  disabled,
  testId,
  color,
}: {
  label: string;
  icon: ReactNode;
  onClick: (event: React.MouseEvent<HTMLElement>) => void;
  disabled?: boolean;
  testId: string;
  color?: 'error';
}) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          onClick={onClick}
          disabled={disabled}
          aria-label={label}
          data-testid={testId}
          color={color ?? 'default'}
          size="small"
        >
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/**
 * The bar of select mode: count, select all loaded, and bulk download (one file after another,
 * SPEC §9), favourite, status and delete.
 */
export function BulkActionsBar({ roms }: { roms: readonly SimpleRom[] }) {
  const { t } = useTranslation('gallery');
  const queryClient = useQueryClient();
  const canWrite = useHasScopes('roms.write');
  const { DeleteRomsDialog } = useRomActions();
  const selectedIds = useGalleryStore((state) => state.selectedIds);
  const [statusAnchor, setStatusAnchor] = useState<HTMLElement | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const abort = useRef<AbortController | null>(null);

  const selected: SimpleRom[] = roms.filter((rom) => selectedIds.has(rom.id));
  const count = selected.length;
  const allFavourite = count > 0 && selected.every((rom) => rom.rom_user.is_favorite);

  // One game after another; the failures are collected, the others still change.
  const bulkProps = useMutation({
    mutationFn: async ({ change }: { change: PropsChange; done: string }) => {
      const errors: string[] = [];
      for (const rom of selected) {
        try {
          await saveRomProps(queryClient, rom, change);
        } catch (error) {
          errors.push(errorMessage(error));
        }
      }
      return errors;
    },
    onSuccess: (errors, { done }) => {
      void queryClient.invalidateQueries({ queryKey: romKeys.all });
      setMessage(
        errors.length > 0 ? { text: errors.join('; '), error: true } : { text: done, error: false },
      );
    },
  });
  const busy = bulkProps.isPending;

  const download = async () => {
    abort.current?.abort();
    abort.current = new AbortController();
    setMessage({ text: t('select.downloading', { count }), error: false });
    await downloadSequentially(
      selected.map((rom) => ({ url: romContentUrl(rom) })),
      undefined,
      abort.current.signal,
    );
  };

  return (
    <>
      <Paper
        elevation={10}
        data-testid="bulk-bar"
        sx={{
          position: 'sticky',
          bottom: { xs: 8, sm: 16 },
          zIndex: 5,
          mt: 2,
          mx: 'auto',
          width: 'fit-content',
          maxWidth: '100%',
          display: 'flex',
          alignItems: 'center',
          flexWrap: 'nowrap',
          gap: { xs: 0, sm: 0.5 },
          px: { xs: 1, sm: 1.5 },
          py: 0.75,
          borderRadius: { xs: '16px', sm: '999px' },
          justifyContent: 'center',
          border: 1,
          borderColor: 'divider',
        }}
      >
        <Typography
          variant="subtitle2"
          sx={{ px: 1, whiteSpace: 'nowrap' }}
          data-testid="bulk-count"
        >
          {t('select.count', { count })}
        </Typography>
        <Button
          size="small"
          startIcon={<DoneAllRounded />}
          onClick={() => useGalleryStore.getState().selectAll(roms)}
          data-testid="bulk-select-all"
          aria-label={t('select.all-loaded', { count: roms.length })}
          sx={{ minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}
        >
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            {t('select.all-loaded', { count: roms.length })}
          </Box>
        </Button>
        <Box
          sx={{
            width: '1px',
            height: 24,
            bgcolor: 'divider',
            mx: 0.5,
            display: { xs: 'none', sm: 'block' },
          }}
        />
        <Action
          label={t('select.download')}
          icon={<DownloadRounded />}
          onClick={() => void download()}
          disabled={count === 0}
          testId="bulk-download"
        />
        <Action
          label={allFavourite ? t('select.unfavourite') : t('select.favourite')}
          icon={<FavoriteRounded sx={{ color: allFavourite ? undefined : '#ff5c8a' }} />}
          onClick={() =>
            bulkProps.mutate({
              change: { data: { is_favorite: !allFavourite } },
              done: t('select.done', { count }),
            })
          }
          disabled={count === 0 || busy}
          testId="bulk-favourite"
        />
        <Action
          label={t('select.status')}
          icon={<FlagRounded />}
          onClick={(event) => setStatusAnchor(event.currentTarget)}
          disabled={count === 0 || busy}
          testId="bulk-status"
        />
        {canWrite ? (
          <Action
            label={t('select.delete')}
            icon={<DeleteRounded />}
            onClick={() => setDeleting(true)}
            disabled={count === 0 || busy}
            testId="bulk-delete"
            color="error"
          />
        ) : null}
        <Box
          sx={{
            width: '1px',
            height: 24,
            bgcolor: 'divider',
            mx: 0.5,
            display: { xs: 'none', sm: 'block' },
          }}
        />
        <Action
          label={t('select.exit')}
          icon={<CloseRounded />}
          onClick={() => useGalleryStore.getState().setSelectMode(false)}
          testId="bulk-exit"
        />
      </Paper>
      <PlayStatusMenu
        anchorEl={statusAnchor}
        open={statusAnchor !== null}
        onClose={() => setStatusAnchor(null)}
        onPick={(status: PlayStatus | null) =>
          bulkProps.mutate({ change: { data: { status } }, done: t('select.done', { count }) })
        }
      />
      {deleting ? (
        <DeleteRomsDialog
          roms={selected}
          open
          onClose={() => setDeleting(false)}
          onDeleted={() => useGalleryStore.getState().clearSelection()}
        />
      ) : null}
      <Snackbar
        open={message !== null}
        autoHideDuration={4000}
        onClose={() => setMessage(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          severity={message?.error ? 'error' : 'success'}
          onClose={() => setMessage(null)}
          variant="filled"
          data-testid="bulk-message"
        >
          {message?.text}
        </Alert>
      </Snackbar>
    </>
  );
}
