import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { TaskInfo } from '@romshelf/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '@/lib/api-client';
import { describeCron } from '@/lib/cron';

import { useSaveScheduleMutation } from '../api/tasks';

/** The cron in words in the UI language, or the translated reason it is not valid. */
function useCronPreview(cron: string): { ok: boolean; text: string } {
  const { t, i18n } = useTranslation('settings');
  const described = describeCron(cron, i18n.language);
  if (described.ok) return { ok: true, text: t('tasks.schedule', { when: described.description }) };
  const field = described.fieldKey === undefined ? '' : t(described.fieldKey);
  return { ok: false, text: t(described.errorKey, { field }) };
}

/** Edits a task's schedule: a cron expression with its preview, or "manual only". */
export function TaskScheduleEditor({ task, onDone }: { task: TaskInfo; onDone: () => void }) {
  const { t } = useTranslation('settings');
  const [cron, setCron] = useState(task.cron_string);
  const [manualOnly, setManualOnly] = useState(!task.enabled);
  const save = useSaveScheduleMutation(task.name);
  const preview = useCronPreview(cron);
  const serverError = save.error === null ? null : errorMessage(save.error);
  return (
    <Stack
      component="form"
      spacing={1.5}
      sx={{ mt: 1.5 }}
      data-testid="task-schedule-editor"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ enabled: !manualOnly, cron }, { onSuccess: onDone });
      }}
    >
      <FormControlLabel
        control={
          <Checkbox
            checked={manualOnly}
            onChange={(event) => setManualOnly(event.target.checked)}
          />
        }
        label={t('tasks.schedule-manual-only')}
      />
      <TextField
        size="small"
        label={t('tasks.schedule-cron')}
        value={cron}
        onChange={(event) => setCron(event.target.value)}
        error={!preview.ok || serverError !== null}
        helperText={serverError ?? preview.text}
        slotProps={{ htmlInput: { spellCheck: false, 'data-testid': 'task-cron-input' } }}
        sx={{ maxWidth: 360 }}
      />
      <Stack direction="row" spacing={1}>
        <Button
          type="submit"
          variant="contained"
          size="small"
          disabled={!preview.ok || save.isPending}
          data-testid="task-schedule-save"
        >
          {t('tasks.schedule-save')}
        </Button>
        <Button size="small" onClick={onDone}>
          {t('tasks.schedule-cancel')}
        </Button>
      </Stack>
    </Stack>
  );
}
