import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { ExportFormat } from '@romshelf/contract';
import { EXPORT_FILE_NAMES, EXPORT_FORMATS } from '@romshelf/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '@/lib/api-client';
import { startDownload } from '@/lib/download';
import {
  exportDownloadUrl,
  useExportSummaryQuery,
  useWriteExportMutation,
} from '@/shared/api/exports';

interface ExportDialogProps {
  open: boolean;
  onClose: () => void;
  /** The platforms to export (one: it can also be downloaded). */
  platformIds: readonly number[];
}

/** What the export will hold: games per platform and the file each folder receives. */
function ExportPreview({
  platformIds,
  format,
}: {
  platformIds: readonly number[];
  format: ExportFormat;
}) {
  const { t } = useTranslation('platform');
  const summary = useExportSummaryQuery(platformIds);
  if (summary.error) return <Alert severity="error">{errorMessage(summary.error)}</Alert>;
  const rows = summary.data ?? [];
  const games = rows.reduce((sum, row) => sum + row.games, 0);
  return (
    <Stack spacing={0.5} data-testid="export-preview">
      <Typography variant="body2" data-testid="export-preview-count">
        {summary.isPending ? t('export.counting') : t('export.preview', { count: games })}
      </Typography>
      {rows.slice(0, 5).map((row) => (
        <Typography key={row.platform_id} variant="caption" color="text.secondary">
          {`${row.folder}/${EXPORT_FILE_NAMES[format]} · ${t('export.games', { count: row.games })}`}
        </Typography>
      ))}
      {rows.length > 5 ? (
        <Typography variant="caption" color="text.secondary">
          {t('export.more-platforms', { count: rows.length - 5 })}
        </Typography>
      ) : null}
    </Stack>
  );
}

/** Export platforms for ES-DE (gamelist.xml) or Pegasus: into their folders, or downloaded. */
export function ExportDialog({ open, onClose, platformIds }: ExportDialogProps) {
  const { t } = useTranslation('platform');
  const [format, setFormat] = useState<ExportFormat>('gamelist-xml');
  const [localExport, setLocalExport] = useState(true);
  const write = useWriteExportMutation();
  const [onlyPlatform] = platformIds;
  const close = () => {
    write.reset();
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={write.isPending ? undefined : close}
      maxWidth="sm"
      fullWidth
      slotProps={{ paper: { 'data-testid': 'export-dialog' } as object }}
    >
      <DialogTitle>{t('export.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <FormControl>
            <FormLabel id="export-format-label">{t('export.format')}</FormLabel>
            <RadioGroup
              aria-labelledby="export-format-label"
              value={format}
              onChange={(event) => {
                write.reset();
                setFormat(event.target.value as ExportFormat);
              }}
            >
              {EXPORT_FORMATS.map((item) => (
                <FormControlLabel
                  key={item}
                  value={item}
                  control={
                    <Radio
                      slotProps={{ input: { 'data-testid': `export-format-${item}` } as object }}
                    />
                  }
                  label={t(`export.format-${item}`)}
                />
              ))}
            </RadioGroup>
          </FormControl>
          <FormControlLabel
            control={
              <Switch
                checked={localExport}
                onChange={(event) => setLocalExport(event.target.checked)}
              />
            }
            label={t('export.local')}
          />
          <Typography variant="caption" color="text.secondary">
            {localExport ? t('export.local-help') : t('export.urls-help')}
          </Typography>
          {open ? <ExportPreview platformIds={platformIds} format={format} /> : null}
          {write.isSuccess ? (
            <Alert severity="success" data-testid="export-done">
              {t('export.done', { file: EXPORT_FILE_NAMES[format] })}
            </Alert>
          ) : null}
          {write.error ? <Alert severity="error">{errorMessage(write.error)}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={close} disabled={write.isPending}>
          {t('export.close')}
        </Button>
        {platformIds.length === 1 && onlyPlatform !== undefined ? (
          <Button
            variant="outlined"
            onClick={() =>
              startDownload(
                exportDownloadUrl(format, onlyPlatform, localExport),
                EXPORT_FILE_NAMES[format],
              )
            }
            data-testid="export-download"
          >
            {t('export.download')}
          </Button>
        ) : null}
        <Button
          variant="contained"
          disabled={write.isPending || platformIds.length === 0}
          onClick={() => write.mutate({ format, platformIds, localExport })}
          data-testid="export-write"
        >
          {write.isPending ? t('export.writing') : t('export.write')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
