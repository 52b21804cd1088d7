import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Save, State } from '@romshelf/contract';
import { useTranslation } from 'react-i18next';

import { formatBytes, formatDateTime } from '@/lib/format';

export type StartChoice =
  | { type: 'fresh' }
  | { type: 'latest-state' }
  | { type: 'state'; id: number }
  | { type: 'save'; id: number };

function choiceValue(choice: StartChoice): string {
  return choice.type === 'state' || choice.type === 'save'
    ? `${choice.type}:${choice.id}`
    : choice.type;
}

function parseChoice(value: string): StartChoice {
  const [type, id] = value.split(':');
  if (type === 'state' || type === 'save') return { type, id: Number(id) };
  return type === 'latest-state' ? { type: 'latest-state' } : { type: 'fresh' };
}

function AssetLabel({ asset, kind }: { asset: State | Save; kind: 'state' | 'save' }) {
  const { t } = useTranslation('play');
  const when = formatDateTime(asset.updated_at);
  return (
    <Stack
      direction="row"
      spacing={1.5}
      sx={{ alignItems: 'center', py: 0.5, minWidth: 0 }}
      data-testid={`${kind}-item`}
    >
      {asset.screenshot !== null ? (
        <img
          src={asset.screenshot.download_path}
          alt={t('prelaunch.screenshot-of', { name: asset.file_name })}
          data-testid={`${kind}-screenshot`}
          width={80}
          height={60}
          style={{ objectFit: 'cover', borderRadius: 4, imageRendering: 'pixelated' }}
        />
      ) : null}
      <Stack sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {asset.file_name}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {[
            when,
            formatBytes(asset.file_size_bytes),
            asset.emulator,
            'slot' in asset && asset.slot !== null
              ? t('prelaunch.slot', { slot: asset.slot })
              : null,
          ]
            .filter((part) => part !== null && part !== '')
            .join(' · ')}
        </Typography>
      </Stack>
    </Stack>
  );
}

/** Start fresh, continue from the latest state, or pick one of the user's states or saves. */
export function StartOptions({
  states,
  saves,
  value,
  onChange,
}: {
  states: State[];
  saves: Save[];
  value: StartChoice;
  onChange: (choice: StartChoice) => void;
}) {
  const { t } = useTranslation('play');
  return (
    <RadioGroup
      value={choiceValue(value)}
      onChange={(event) => onChange(parseChoice(event.target.value))}
      aria-label={t('prelaunch.start-from')}
    >
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {t('prelaunch.start-from')}
      </Typography>
      <FormControlLabel value="fresh" control={<Radio />} label={t('prelaunch.fresh')} />
      <FormControlLabel
        value="latest-state"
        control={<Radio />}
        disabled={states.length === 0}
        label={t('prelaunch.latest-state')}
      />
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        {t('prelaunch.states', { count: states.length })}
      </Typography>
      {states.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
          {t('prelaunch.no-states')}
        </Typography>
      ) : null}
      {states.map((state) => (
        <FormControlLabel
          key={`state-${state.id}`}
          value={`state:${state.id}`}
          control={<Radio />}
          label={<AssetLabel asset={state} kind="state" />}
          sx={{
            mr: 0,
            minWidth: 0,
            '& .MuiFormControlLabel-label': { minWidth: 0, overflow: 'hidden' },
          }}
        />
      ))}
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        {t('prelaunch.saves', { count: saves.length })}
      </Typography>
      {saves.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
          {t('prelaunch.no-saves')}
        </Typography>
      ) : null}
      {saves.map((save) => (
        <FormControlLabel
          key={`save-${save.id}`}
          value={`save:${save.id}`}
          control={<Radio />}
          label={<AssetLabel asset={save} kind="save" />}
          sx={{
            mr: 0,
            minWidth: 0,
            '& .MuiFormControlLabel-label': { minWidth: 0, overflow: 'hidden' },
          }}
        />
      ))}
    </RadioGroup>
  );
}
