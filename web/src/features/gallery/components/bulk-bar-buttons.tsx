import CloseRounded from '@mui/icons-material/CloseRounded';
import DeleteRounded from '@mui/icons-material/DeleteRounded';
import DoneAllRounded from '@mui/icons-material/DoneAllRounded';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import FavoriteRounded from '@mui/icons-material/FavoriteRounded';
import FlagRounded from '@mui/icons-material/FlagRounded';
import FolderZipRounded from '@mui/icons-material/FolderZipRounded';
import LibraryAddRounded from '@mui/icons-material/LibraryAddRounded';
import SyncRounded from '@mui/icons-material/SyncRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { useHasScopes } from '@/shared/stores/use-scopes';
import { useKioskVisitor } from '@/shared/stores/kiosk';

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

function Divider() {
  return (
    <Box
      sx={{
        width: '1px',
        height: 24,
        bgcolor: 'divider',
        mx: 0.5,
        display: { xs: 'none', sm: 'block' },
      }}
    />
  );
}

export interface BulkBarActions {
  selectAll: () => void;
  download: () => void;
  downloadZip: () => void;
  toggleFavourite: () => void;
  collect: () => void;
  pickStatus: (anchor: HTMLElement) => void;
  refresh: () => void;
  remove: () => void;
  exit: () => void;
}

/** The floating pill of select mode: the count, select all, and one button per bulk action. */
export function BulkBarButtons({
  count,
  total,
  allFavourite,
  busy,
  selectingAll,
  actions,
}: {
  count: number;
  total: number;
  /** Every selected game is a favourite: the heart removes. */
  allFavourite: boolean;
  busy: boolean;
  selectingAll: boolean;
  actions: BulkBarActions;
}) {
  const { t } = useTranslation('gallery');
  const canWrite = useHasScopes('roms.write');
  const canScan = useHasScopes('platforms.write');
  const canCollect = useHasScopes('collections.write');
  const kiosk = useKioskVisitor();
  const idle = count === 0 || busy;

  return (
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
      <Typography variant="subtitle2" sx={{ px: 1, whiteSpace: 'nowrap' }} data-testid="bulk-count">
        {t('select.count', { count })}
      </Typography>
      <Button
        size="small"
        startIcon={<DoneAllRounded />}
        onClick={actions.selectAll}
        disabled={selectingAll}
        data-testid="bulk-select-all"
        aria-label={t('select.all', { count: total })}
        sx={{ minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}
      >
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {t('select.all', { count: total })}
        </Box>
      </Button>
      <Divider />
      {kiosk.visitor ? null : (
        <>
          <Action
            label={t('select.download')}
            icon={<DownloadRounded />}
            onClick={actions.download}
            disabled={idle}
            testId="bulk-download"
          />
          {/* Phones keep one download action: the bar must fit 390 px. */}
          <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
            <Action
              label={t('select.download-zip')}
              icon={<FolderZipRounded />}
              onClick={actions.downloadZip}
              disabled={idle}
              testId="bulk-download-zip"
            />
          </Box>
        </>
      )}
      <Action
        label={allFavourite ? t('select.unfavourite') : t('select.favourite')}
        icon={<FavoriteRounded sx={{ color: allFavourite ? undefined : '#ff5c8a' }} />}
        onClick={actions.toggleFavourite}
        disabled={idle}
        testId="bulk-favourite"
      />
      {canCollect ? (
        <Action
          label={t('select.collection')}
          icon={<LibraryAddRounded />}
          onClick={actions.collect}
          disabled={idle}
          testId="bulk-collection"
        />
      ) : null}
      <Action
        label={t('select.status')}
        icon={<FlagRounded />}
        onClick={(event) => actions.pickStatus(event.currentTarget)}
        disabled={idle}
        testId="bulk-status"
      />
      {canScan ? (
        <Action
          label={t('select.refresh')}
          icon={<SyncRounded />}
          onClick={actions.refresh}
          disabled={idle}
          testId="bulk-refresh"
        />
      ) : null}
      {canWrite ? (
        <Action
          label={t('select.delete')}
          icon={<DeleteRounded />}
          onClick={actions.remove}
          disabled={idle}
          testId="bulk-delete"
          color="error"
        />
      ) : null}
      <Divider />
      <Action
        label={t('select.exit')}
        icon={<CloseRounded />}
        onClick={actions.exit}
        testId="bulk-exit"
      />
    </Paper>
  );
}
