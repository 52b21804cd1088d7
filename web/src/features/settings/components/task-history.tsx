import HistoryRounded from '@mui/icons-material/HistoryRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TaskStatus } from '@romshelf/contract';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';

import { EmptyState } from '@/components/empty-state';
import { formatDateTime } from '@/lib/format';

import { durationSeconds, taskSummary } from '../task-text';

const STATUS_COLOR = {
  queued: 'default',
  started: 'info',
  finished: 'success',
  failed: 'error',
} as const;

function HistoryRow({ run }: { run: TaskStatus }) {
  const { t } = useTranslation('settings');
  const summary = taskSummary(run);
  return (
    <Box sx={{ px: 2, py: 1.5 }} data-testid="task-history-row" data-task={run.task_key}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t(`tasks.task.${run.task_key}.title`, { defaultValue: run.task_name })}
        </Typography>
        <Chip
          size="small"
          color={STATUS_COLOR[run.status]}
          label={t(`tasks.status.${run.status}`)}
          data-testid="task-history-status"
        />
      </Stack>
      <Typography variant="caption" color="text.secondary" component="p">
        {t(`tasks.trigger.${run.trigger}`)} · {formatDateTime(run.started_at ?? run.created_at)}
        {run.duration_ms === null
          ? null
          : ` · ${t('tasks.duration', { seconds: durationSeconds(run.duration_ms) })}`}
      </Typography>
      {summary === null || run.status !== 'finished' ? null : (
        <Typography variant="body2" data-testid="task-history-summary">
          {t(summary.key, summary.values)}
        </Typography>
      )}
      {run.error === null ? null : (
        <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }}>
          {t('tasks.error', { error: run.error })}
        </Typography>
      )}
    </Box>
  );
}

/** Ended runs, newest first (the server keeps the latest 200). */
export function TaskHistory({ runs }: { runs: TaskStatus[] }) {
  const { t } = useTranslation('settings');
  if (runs.length === 0) {
    return (
      <EmptyState
        icon={<HistoryRounded />}
        title={t('tasks.history-empty-title')}
        text={t('tasks.history-empty-text')}
        testId="task-history-empty"
      />
    );
  }
  return (
    <Card variant="outlined" data-testid="task-history">
      {runs.map((run, index) => (
        <Fragment key={run.task_id}>
          {index === 0 ? null : <Divider />}
          <HistoryRow run={run} />
        </Fragment>
      ))}
    </Card>
  );
}
