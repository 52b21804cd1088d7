import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TaskInfo, TaskStatus } from '@romshelf/contract';
import { TASK_NAMES } from '@romshelf/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { describeCron } from '@/lib/cron';

import { WATCHER_SWITCH } from '../task-text';
import { TaskScheduleEditor } from './task-schedule-editor';

/** The schedule in words in the user's language, "manual only", or why it cannot be read. */
function useScheduleText(task: TaskInfo): string | null {
  const { t, i18n } = useTranslation('settings');
  const cron = task.cron_string;
  if (cron === '') return null;
  if (!task.enabled) return t('tasks.manual-only');
  const described = describeCron(cron, i18n.language);
  if (described.ok) return t('tasks.schedule', { when: described.description });
  return t(described.errorKey, { field: described.fieldKey ? t(described.fieldKey) : '' });
}

/**
 * One task: what it does, its schedule (editable) or, for the watcher, whether it is on, a run
 * button and live progress.
 */
export function TaskCard({
  task,
  run,
  onRun,
  starting,
}: {
  task: TaskInfo;
  /** The task's live run, if any. */
  run: TaskStatus | undefined;
  onRun: ((name: string) => void) | null;
  starting: boolean;
}) {
  const { t } = useTranslation('settings');
  const schedule = useScheduleText(task);
  const [editing, setEditing] = useState(false);
  const switchName = task.name === TASK_NAMES.filesystemWatcher ? WATCHER_SWITCH : undefined;
  const progress = run?.progress ?? null;
  const percent =
    progress !== null && progress.total > 0 ? (progress.done / progress.total) * 100 : null;
  return (
    <Card variant="outlined" data-testid={`task-${task.name}`}>
      <CardContent>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {t(`tasks.task.${task.name}.title`, { defaultValue: task.title })}
              </Typography>
              {switchName === undefined ? null : (
                <Chip
                  size="small"
                  color={task.enabled ? 'success' : 'default'}
                  label={task.enabled ? t('tasks.enabled') : t('tasks.disabled')}
                  data-testid="task-enabled"
                />
              )}
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {t(`tasks.task.${task.name}.description`, { defaultValue: task.description })}
            </Typography>
            {schedule === null ? null : (
              <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="task-schedule">
                {schedule}{' '}
                {task.enabled ? (
                  <>
                    <Box component="code" sx={{ fontSize: '0.85em', color: 'text.secondary' }}>
                      {task.cron_string}
                    </Box>{' '}
                  </>
                ) : null}
                {editing ? null : (
                  <Link
                    component="button"
                    type="button"
                    variant="body2"
                    onClick={() => setEditing(true)}
                    data-testid="task-schedule-edit"
                  >
                    {t('tasks.schedule-edit')}
                  </Link>
                )}
              </Typography>
            )}
            {editing ? <TaskScheduleEditor task={task} onDone={() => setEditing(false)} /> : null}
            {!task.enabled && switchName !== undefined ? (
              <Typography
                variant="caption"
                color="text.secondary"
                sx={{ display: 'block', mt: 0.5, overflowWrap: 'anywhere' }}
              >
                {t('tasks.enable-hint', { variable: switchName })}
              </Typography>
            ) : null}
          </Box>
          {onRun === null ? null : (
            <Button
              variant="outlined"
              size="small"
              startIcon={<PlayArrowRounded />}
              disabled={run !== undefined || starting}
              onClick={() => onRun(task.name)}
              data-testid="task-run"
              sx={{ flexShrink: 0 }}
            >
              {run === undefined ? t('tasks.run') : t('tasks.running')}
            </Button>
          )}
        </Stack>
        {run === undefined ? null : (
          <Box sx={{ mt: 1.5 }} data-testid="task-progress">
            <LinearProgress
              variant={percent === null ? 'indeterminate' : 'determinate'}
              value={percent ?? 0}
            />
            {progress !== null && progress.total > 0 ? (
              <Typography variant="caption" color="text.secondary">
                {t('tasks.progress', { done: progress.done, total: progress.total })}
              </Typography>
            ) : null}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
