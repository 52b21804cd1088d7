import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import PauseRounded from '@mui/icons-material/PauseRounded';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import ReceiptLongRounded from '@mui/icons-material/ReceiptLongRounded';
import type { LogEntryLevel } from '@romshelf/contract';
import { LOG_ENTRY_LEVELS } from '@romshelf/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { NotFound } from '@/components/not-found';
import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/api-client';
import { useHeartbeatStore } from '@/shared/stores/heartbeat-store';

import { useLogStream } from '../api/logs';
import { LogLines, logLineText } from './log-lines';

/** The levels one may show "and above"; trace and debug lines are written only at those levels. */
const MINIMUM_LEVELS: readonly LogEntryLevel[] = ['DEBUG', 'INFO', 'WARNING', 'ERROR'];

/**
 * Administration → Logs (logs.read): the server's recent lines and, live, each new one; filter by
 * level and text, pause to read, copy what is shown.
 */
export function LogsPage() {
  const disabled = useHeartbeatStore((state) => state.value?.FRONTEND.DISABLE_LOGS_VIEWER);
  return disabled === false ? <LogsViewer /> : <NotFound />;
}

function LogsViewer() {
  const { t } = useTranslation('settings');
  const [minimum, setMinimum] = useState<LogEntryLevel>('DEBUG');
  const [text, setText] = useState('');
  const [copied, setCopied] = useState(false);
  const query = useDeferredValue(text.trim().toLowerCase());
  const stream = useLogStream();
  const paused = stream.paused;
  const floor = LOG_ENTRY_LEVELS.indexOf(minimum);
  const shown = stream.lines.filter(
    (entry) =>
      LOG_ENTRY_LEVELS.indexOf(entry.level) >= floor &&
      (query === '' || `${entry.module} ${entry.message}`.toLowerCase().includes(query)),
  );
  const copy = () => {
    void navigator.clipboard.writeText(shown.map(logLineText).join('\n')).then(() => {
      setCopied(true);
    });
  };
  return (
    <>
      <PageHeader
        title={t('logs.title')}
        subtitle={t('logs.subtitle')}
        icon={<ReceiptLongRounded />}
      />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ mb: 2, alignItems: { xs: 'stretch', sm: 'center' } }}
      >
        <TextField
          select
          size="small"
          label={t('logs.level')}
          value={minimum}
          onChange={(event) => setMinimum(event.target.value as LogEntryLevel)}
          sx={{ minWidth: 160 }}
          slotProps={{ select: { inputProps: { 'data-testid': 'log-level' } } }}
        >
          {MINIMUM_LEVELS.map((level) => (
            <MenuItem key={level} value={level}>
              {t(`logs.level-${level.toLowerCase()}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="search"
          label={t('logs.filter')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { 'data-testid': 'log-filter' } }}
        />
        <Button
          variant="outlined"
          startIcon={paused ? <PlayArrowRounded /> : <PauseRounded />}
          onClick={stream.togglePause}
          data-testid="log-pause"
          aria-pressed={paused}
        >
          {paused ? t('logs.resume', { count: stream.held }) : t('logs.pause')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<ContentCopyRounded />}
          onClick={copy}
          disabled={shown.length === 0}
          data-testid="log-copy"
        >
          {copied ? t('logs.copied') : t('logs.copy')}
        </Button>
      </Stack>
      {stream.error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(stream.error)}
        </Alert>
      ) : null}
      <LogLines lines={shown} />
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
        {t('logs.count', { shown: shown.length, total: stream.lines.length })}
      </Typography>
    </>
  );
}
