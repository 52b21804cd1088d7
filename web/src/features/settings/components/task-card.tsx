import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TaskInfo, TaskStatus } from '@romshelf/contract';
import { useTranslation } from 'react-i18next';

import { describeCron } from '@/lib/cron';

import { TASK_SWITCHES } from '../task-text';

/** The cron text in words in the user's language, or why it cannot be read. */
function useScheduleText(cron: string): string | null {
  const { t, i18n } = useTranslation('settings');
  if (cron === '') return null;
  const described = describeCron(cron, i18n.language);
  if (described.ok) return t('tasks.schedule', { when: described.description });
  return t(described.errorKey, { field: described.fieldKey ? t(described.fieldKey) : '' });
}

/** One task: what it does, whether it is on, its schedule, a run button and live progress. */
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
  const schedule = useScheduleText(task.cron_string);
  const switchName = TASK_SWITCHES[task.name];
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
                <Box component="code" sx={{ fontSize: '0.85em', color: 'text.secondary' }}>
                  {task.cron_string}
                </Box>
              </Typography>
            )}
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
