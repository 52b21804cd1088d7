import ArrowDownwardRounded from '@mui/icons-material/ArrowDownwardRounded';
import ArrowUpwardRounded from '@mui/icons-material/ArrowUpwardRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import type { SCAN_PRIORITY_SOURCES } from '@romshelf/contract';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export type PrioritySource = (typeof SCAN_PRIORITY_SOURCES)[number];

/** Sources by their own names (brands, not translated). */
export const SOURCE_NAMES: Record<PrioritySource, string> = {
  igdb: 'IGDB',
  moby: 'MobyGames',
  ss: 'ScreenScraper',
  sgdb: 'SteamGridDB',
  ra: 'RetroAchievements',
  launchbox: 'LaunchBox',
  hasheous: 'Hasheous',
  tgdb: 'TheGamesDB',
  flashpoint: 'Flashpoint',
  hltb: 'HowLongToBeat',
  libretro: 'libretro',
  gamelist: 'gamelist.xml',
};

function move<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/** One ordered list of choices (first wins), reordered with buttons, with choices to add. */
export function PriorityList<T extends string>({
  id,
  title,
  help,
  sources,
  disabled,
  onChange,
  choices,
  nameOf,
  addLabel,
}: {
  id: string;
  title: string;
  help: string;
  sources: readonly T[];
  disabled: boolean;
  onChange: (sources: T[]) => void;
  choices: readonly T[];
  nameOf: (choice: T) => string;
  addLabel: string;
}) {
  const { t } = useTranslation('settings');
  const missing = choices.filter((source) => !sources.includes(source));
  return (
    <Card component="section" aria-labelledby={`priority-${id}`} sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h3" id={`priority-${id}`} sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {help}
      </Typography>
      <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none' }} data-testid={`priority-${id}`}>
        {sources.map((source, index) => (
          <Stack
            component="li"
            key={source}
            direction="row"
            spacing={0.5}
            data-testid="priority-source"
            data-source={source}
            sx={{ alignItems: 'center', py: 0.25 }}
          >
            <Typography variant="body2" sx={{ flex: 1, minWidth: 0 }} noWrap>
              {index + 1}. {nameOf(source)}
            </Typography>
            <IconButton
              size="small"
              aria-label={t('metadata-priority.up', { source: nameOf(source) })}
              disabled={disabled || index === 0}
              onClick={() => onChange(move(sources, index, index - 1))}
            >
              <ArrowUpwardRounded fontSize="small" />
            </IconButton>
            <IconButton
              size="small"
              aria-label={t('metadata-priority.down', { source: nameOf(source) })}
              disabled={disabled || index === sources.length - 1}
              onClick={() => onChange(move(sources, index, index + 1))}
            >
              <ArrowDownwardRounded fontSize="small" />
            </IconButton>
            <IconButton
              size="small"
              aria-label={t('metadata-priority.remove', { source: nameOf(source) })}
              disabled={disabled}
              onClick={() => onChange(sources.filter((item) => item !== source))}
            >
              <CloseRounded fontSize="small" />
            </IconButton>
          </Stack>
        ))}
      </Box>
      {missing.length > 0 ? (
        <TextField
          select
          size="small"
          label={addLabel}
          value=""
          disabled={disabled}
          onChange={(event) => {
            const choice = missing.find((source) => source === event.target.value);
            if (choice !== undefined) onChange([...sources, choice]);
          }}
          sx={{ mt: 1, minWidth: 200 }}
        >
          {missing.map((source) => (
            <MenuItem key={source} value={source}>
              {nameOf(source)}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
    </Card>
  );
}
