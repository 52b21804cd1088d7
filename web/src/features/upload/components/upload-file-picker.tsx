import CloseRounded from '@mui/icons-material/CloseRounded';
import CloudUploadRounded from '@mui/icons-material/CloudUploadRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import { useRef, useState } from 'react';
import type { DragEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { formatBytes } from '@/lib/format';

/** Adds files, skipping any already chosen (same name and size). */
export function mergeFiles(current: readonly File[], added: readonly File[]): File[] {
  const seen = new Set(current.map((file) => `${file.name}\u0000${String(file.size)}`));
  const merged = [...current];
  for (const file of added) {
    const key = `${file.name}\u0000${String(file.size)}`;
    if (!seen.has(key)) {
      seen.add(key);
      merged.push(file);
    }
  }
  return merged;
}

function ChosenFiles({
  files,
  onRemove,
}: {
  files: readonly File[];
  onRemove: (file: File) => void;
}) {
  const { t } = useTranslation('rom');
  const total = files.reduce((sum, file) => sum + file.size, 0);
  return (
    <Box data-testid="upload-files">
      <Typography variant="overline" color="text.secondary">
        {t('upload.files', { count: files.length, size: formatBytes(total) })}
      </Typography>
      {files.map((file) => (
        <Box
          key={`${file.name}-${String(file.size)}`}
          data-testid="upload-file"
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            py: 0.5,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Typography variant="body2" noWrap sx={{ flex: 1, minWidth: 0 }}>
            {file.name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {formatBytes(file.size)}
          </Typography>
          <IconButton
            size="small"
            aria-label={t('upload.remove-file', { name: file.name })}
            onClick={() => onRemove(file)}
          >
            <CloseRounded fontSize="small" />
          </IconButton>
        </Box>
      ))}
    </Box>
  );
}

/** The drop zone (click, keyboard or drag) and the list of chosen files, each removable. */
export function UploadFilePicker({
  files,
  onChange,
}: {
  files: readonly File[];
  onChange: (update: (current: File[]) => File[]) => void;
}) {
  const { t } = useTranslation('rom');
  const theme = useTheme();
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    onChange((current) => mergeFiles(current, Array.from(event.dataTransfer.files)));
  };

  return (
    <>
      <Box
        role="button"
        tabIndex={0}
        data-testid="upload-dropzone"
        data-dragging={String(dragging)}
        onClick={() => input.current?.click()}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            input.current?.click();
          }
        }}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        sx={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          gap: 1,
          py: 4,
          px: 2,
          textAlign: 'center',
          cursor: 'pointer',
          borderRadius: '16px',
          border: `2px dashed ${dragging ? theme.palette.primary.main : theme.palette.divider}`,
          bgcolor: dragging ? alpha(theme.palette.primary.main, 0.08) : 'transparent',
          transition: 'all 120ms',
          '&:hover, &:focus-visible': {
            borderColor: theme.palette.primary.main,
            outline: 'none',
          },
        }}
      >
        <CloudUploadRounded sx={{ fontSize: 40, color: 'primary.main' }} />
        <Typography sx={{ fontWeight: 600 }}>{t('upload.drop')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('upload.drop-hint')}
        </Typography>
        <input
          ref={input}
          hidden
          multiple
          type="file"
          data-testid="upload-input"
          onChange={(event) => {
            const chosen = Array.from(event.target.files ?? []);
            onChange((current) => mergeFiles(current, chosen));
            event.target.value = '';
          }}
        />
      </Box>
      {files.length > 0 ? (
        <ChosenFiles
          files={files}
          onRemove={(file) => onChange((current) => current.filter((f) => f !== file))}
        />
      ) : null}
    </>
  );
}
