import ScheduleRounded from '@mui/icons-material/ScheduleRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TaskInfo, TaskStatus } from '@romshelf/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/api-client';

import {
  useRunTaskMutation,
  useTaskEvents,
  useTaskStatusesQuery,
  useTasksQuery,
} from '../api/tasks';
import { TaskCard } from './task-card';
import { TaskHistory } from './task-history';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={`tasks-${id}`} data-testid={`tasks-${id}`}>
      <Typography variant="h6" component="h2" id={`tasks-${id}`} sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * Administration → Tasks (tasks.run): the library watcher, scheduled tasks with their schedule
 * in words, manual tasks with a run button and live progress, and the history of runs.
 */
export function TasksPage() {
  const { t } = useTranslation('settings');
  const tasks = useTasksQuery();
  const statuses = useTaskStatusesQuery();
  const run = useRunTaskMutation();
  useTaskEvents();
  const runs = statuses.data ?? [];
  const live = new Map<string, TaskStatus>(
    runs.filter((status) => status.ended_at === null).map((status) => [status.task_key, status]),
  );
  const card = (task: TaskInfo) => (
    <TaskCard
      key={task.name}
      task={task}
      run={live.get(task.name)}
      onRun={task.manual_run ? (name) => run.mutate(name) : null}
      starting={run.isPending && run.variables === task.name}
    />
  );
  const error = tasks.error ?? statuses.error;
  return (
    <>
      <PageHeader
        title={t('tasks.title')}
        subtitle={t('tasks.subtitle')}
        icon={<ScheduleRounded />}
      />
      {error ? (
        <Alert severity="error" sx={{ mb: 3 }}>
          {errorMessage(error)}
        </Alert>
      ) : null}
      {run.error ? (
        <Alert severity="error" sx={{ mb: 3 }} data-testid="task-run-error">
          {t('tasks.run-error', { error: errorMessage(run.error) })}
        </Alert>
      ) : null}
      {tasks.data === undefined ? (
        tasks.isPending ? (
          <CircularProgress aria-label={t('tasks.title')} />
        ) : null
      ) : (
        <Stack spacing={4}>
          <Section id="watcher" title={t('tasks.section.watcher')}>
            <Stack spacing={1.5}>{tasks.data.watcher.map(card)}</Stack>
          </Section>
          <Section id="scheduled" title={t('tasks.section.scheduled')}>
            <Stack spacing={1.5}>{tasks.data.scheduled.map(card)}</Stack>
          </Section>
          <Section id="manual" title={t('tasks.section.manual')}>
            <Stack spacing={1.5}>{tasks.data.manual.map(card)}</Stack>
          </Section>
          <Section id="history" title={t('tasks.section.history')}>
            <TaskHistory runs={runs.filter((status) => status.ended_at !== null)} />
          </Section>
        </Stack>
      )}
    </>
  );
}
