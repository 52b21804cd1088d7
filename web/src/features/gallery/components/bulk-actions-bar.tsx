import CloseRounded from '@mui/icons-material/CloseRounded';
import DeleteRounded from '@mui/icons-material/DeleteRounded';
import DoneAllRounded from '@mui/icons-material/DoneAllRounded';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import FavoriteRounded from '@mui/icons-material/FavoriteRounded';
import LibraryAddRounded from '@mui/icons-material/LibraryAddRounded';
import FlagRounded from '@mui/icons-material/FlagRounded';
import SyncRounded from '@mui/icons-material/SyncRounded';
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
import { updateRomProps } from '@/shared/api/rom-props';
import { updateCachedRom } from '@/shared/api/rom-cache';
import { errorMessage } from '@/lib/api-client';
import type { PropsChange } from '@/shared/api/rom-props';
import { downloadSequentially } from '../bulk-download';
import { romContentUrl } from '@/lib/download';
import { collectionKeys } from '@/shared/api/collections';
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
 * The bar of select mode: count, select all (the whole result, loaded or not), and bulk download
 * (one file after another, SPEC §9), favourite, add to collection, status and delete. The selection is ids; the
 * actions that need more than an id (download, delete) first gather the selected ROMs' pages.
 */
export function BulkActionsBar({
  total,
  allIds,
  known,
  resolve,
}: {
  total: number;
  allIds: () => Promise<number[]>;
  /** The ROMs of `ids` found in the cache, in list order. */
  known: (ids: ReadonlySet<number>) => SimpleRom[];
  resolve: (ids: ReadonlySet<number>) => Promise<SimpleRom[]>;
}) {
  const { t } = useTranslation('gallery');
  const queryClient = useQueryClient();
  const canWrite = useHasScopes('roms.write');
  const { DeleteRomsDialog, AddToCollectionDialog, refreshMetadata } = useRomActions();
  const canScan = useHasScopes('platforms.write');
  const canCollect = useHasScopes('collections.write');
  const [collecting, setCollecting] = useState<number[] | null>(null);
  const selectedIds = useGalleryStore((state) => state.selectedIds);
  const [statusAnchor, setStatusAnchor] = useState<HTMLElement | null>(null);
  const [deleting, setDeleting] = useState<SimpleRom[] | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const abort = useRef<AbortController | null>(null);

  const count = selectedIds.size;
  // Read again on each render: a page arriving or a favourite set changes what is known.
  const knownSelected = known(selectedIds);
  // Only when every selected game is known to be a favourite does the action remove.
  const allFavourite =
    count > 0 &&
    knownSelected.length === count &&
    knownSelected.every((rom) => rom.rom_user.is_favorite);

  const fail = (error: unknown) => setMessage({ text: errorMessage(error), error: true });

  // One game after another; the failures are collected, the others still change.
  const bulkProps = useMutation({
    mutationFn: async ({ change }: { change: PropsChange; done: string }) => {
      const errors: string[] = [];
      for (const id of selectedIds) {
        try {
          const romUser = await updateRomProps(id, change);
          updateCachedRom(queryClient, { id, rom_user: romUser });
        } catch (error) {
          errors.push(errorMessage(error));
        }
      }
      return errors;
    },
    onSuccess: (errors, { change, done }) => {
      void queryClient.invalidateQueries({ queryKey: romKeys.all });
      if (change.data?.is_favorite !== undefined) {
        void queryClient.invalidateQueries({ queryKey: collectionKeys.all });
      }
      setMessage(
        errors.length > 0 ? { text: errors.join('; '), error: true } : { text: done, error: false },
      );
    },
  });
  const gathering = useMutation({
    mutationFn: () => resolve(selectedIds),
    onError: fail,
  });
  const selectingAll = useMutation({
    mutationFn: allIds,
    onSuccess: (ids) => useGalleryStore.getState().selectAll(ids),
    onError: fail,
  });
  const busy = bulkProps.isPending || gathering.isPending || selectingAll.isPending;

  const download = async () => {
    const roms = await gathering.mutateAsync();
    abort.current?.abort();
    abort.current = new AbortController();
    setMessage({ text: t('select.downloading', { count: roms.length }), error: false });
    await downloadSequentially(
      roms.map((rom) => ({ url: romContentUrl(rom) })),
      undefined,
      abort.current.signal,
    );
  };
  const startDelete = async () => setDeleting(await gathering.mutateAsync());
  const refresh = async () => {
    const roms = await gathering.mutateAsync();
    refreshMetadata(roms);
    setMessage({ text: t('select.refreshing', { count: roms.length }), error: false });
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
          onClick={() => selectingAll.mutate()}
          disabled={selectingAll.isPending}
          data-testid="bulk-select-all"
          aria-label={t('select.all', { count: total })}
          sx={{ minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}
        >
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            {t('select.all', { count: total })}
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
          onClick={() => void download().catch(() => undefined)}
          disabled={count === 0 || busy}
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
        {canCollect ? (
          <Action
            label={t('select.collection')}
            icon={<LibraryAddRounded />}
            onClick={() => setCollecting([...selectedIds])}
            disabled={count === 0 || busy}
            testId="bulk-collection"
          />
        ) : null}
        <Action
          label={t('select.status')}
          icon={<FlagRounded />}
          onClick={(event) => setStatusAnchor(event.currentTarget)}
          disabled={count === 0 || busy}
          testId="bulk-status"
        />
        {canScan ? (
          <Action
            label={t('select.refresh')}
            icon={<SyncRounded />}
            onClick={() => void refresh().catch(() => undefined)}
            disabled={count === 0 || busy}
            testId="bulk-refresh"
          />
        ) : null}
        {canWrite ? (
          <Action
            label={t('select.delete')}
            icon={<DeleteRounded />}
            onClick={() => void startDelete().catch(() => undefined)}
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
          roms={deleting}
          open
          onClose={() => setDeleting(null)}
          onDeleted={() => useGalleryStore.getState().clearSelection()}
        />
      ) : null}
      {collecting ? (
        <AddToCollectionDialog
          romIds={collecting}
          open
          onClose={() => setCollecting(null)}
          onSaved={(text) => setMessage({ text, error: false })}
        />
      ) : null}
      <Snackbar
        open={message !== null}
        autoHideDuration={4000}
        // Each download starts with a click on a link, which would count as a click away.
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') setMessage(null);
        }}
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
