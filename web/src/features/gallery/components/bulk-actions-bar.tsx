import type { PlayStatus, SimpleRom } from '@romshelf/contract';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { PlayStatusMenu } from '@/components/play-status-menu';
import { useRomActions } from '@/components/rom-actions-context';
import { errorMessage } from '@/lib/api-client';
import { romContentUrl, startDownload } from '@/lib/download';

import {
  useAllIdsMutation,
  useBulkPropsMutation,
  useGatherRomsMutation,
} from '../api/bulk-actions';
import { downloadSequentially, selectionZipUrl, ZIP_SELECTION_MAX } from '../bulk-download';
import { useGalleryStore } from '../stores/gallery-store';
import { BulkBarButtons } from './bulk-bar-buttons';

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
  const { DeleteRomsDialog, AddToCollectionDialog, refreshMetadata } = useRomActions();
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
  const bulkProps = useBulkPropsMutation((errors, { done }) =>
    setMessage(
      errors.length > 0 ? { text: errors.join('; '), error: true } : { text: done, error: false },
    ),
  );
  const gathering = useGatherRomsMutation(() => resolve(selectedIds), fail);
  const selectingAll = useAllIdsMutation(
    allIds,
    (ids) => useGalleryStore.getState().selectAll(ids),
    fail,
  );
  const busy = bulkProps.isPending || gathering.isPending || selectingAll.isPending;
  const changeProps = (data: { is_favorite: boolean } | { status: PlayStatus | null }) =>
    bulkProps.mutate({ ids: selectedIds, change: { data }, done: t('select.done', { count }) });

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
  // One zip of the selection, named in the address: a selection past ZIP_SELECTION_MAX would
  // not fit in it (a whole platform has its own zip on its page).
  const downloadZip = () => {
    if (count > ZIP_SELECTION_MAX) {
      setMessage({ text: t('select.zip-too-many', { max: ZIP_SELECTION_MAX }), error: true });
      return;
    }
    startDownload(selectionZipUrl(selectedIds));
    setMessage({ text: t('select.zipping', { n: count }), error: false });
  };
  const startDelete = async () => setDeleting(await gathering.mutateAsync());
  const refresh = async () => {
    const roms = await gathering.mutateAsync();
    refreshMetadata(roms);
    setMessage({ text: t('select.refreshing', { count: roms.length }), error: false });
  };

  return (
    <>
      <BulkBarButtons
        count={count}
        total={total}
        allFavourite={allFavourite}
        busy={busy}
        selectingAll={selectingAll.isPending}
        actions={{
          selectAll: () => selectingAll.mutate(),
          download: () => void download().catch(() => undefined),
          downloadZip,
          toggleFavourite: () => changeProps({ is_favorite: !allFavourite }),
          collect: () => setCollecting([...selectedIds]),
          pickStatus: setStatusAnchor,
          refresh: () => void refresh().catch(() => undefined),
          remove: () => void startDelete().catch(() => undefined),
          exit: () => useGalleryStore.getState().setSelectMode(false),
        }}
      />
      <PlayStatusMenu
        anchorEl={statusAnchor}
        open={statusAnchor !== null}
        onClose={() => setStatusAnchor(null)}
        onPick={(status: PlayStatus | null) => changeProps({ status })}
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
