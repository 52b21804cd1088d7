import type { DetailedRom } from '@romshelf/contract';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

import { isFlag, languageToEmoji, regionToEmoji } from '@/lib/flags';
import { formatBytes, formatDate } from '@/lib/format';

import { Fact, Section } from './section';

function FlagChips({
  values,
  toEmoji,
}: {
  values: readonly string[];
  toEmoji: (value: string) => string;
}) {
  if (values.length === 0) return <>-</>;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {values.map((value) => {
        const flag = toEmoji(value);
        return (
          <Chip
            key={value}
            size="small"
            variant="outlined"
            label={isFlag(flag) ? `${flag} ${value}` : value}
          />
        );
      })}
    </Stack>
  );
}

/** The details card: file name, size, tags, dates and path of the game. */
export function RomFacts({ rom }: { rom: DetailedRom }) {
  const { t } = useTranslation('rom');
  return (
    <Section title={t('details.title')}>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: {
            xs: '1fr 1fr',
            sm: 'repeat(3, minmax(0, 1fr))',
            xl: 'repeat(4, minmax(0, 1fr))',
          },
          gap: 2,
        }}
      >
        <Fact label={t('details.file-name')} testId="rom-fs-name">
          {rom.fs_name}
        </Fact>
        <Fact label={t('details.size')} testId="rom-size">
          {formatBytes(rom.fs_size_bytes)}
        </Fact>
        <Fact label={t('details.revision')}>{rom.revision || '-'}</Fact>
        <Fact label={t('details.regions')}>
          <FlagChips values={rom.regions} toEmoji={regionToEmoji} />
        </Fact>
        <Fact label={t('details.languages')}>
          <FlagChips values={rom.languages} toEmoji={languageToEmoji} />
        </Fact>
        <Fact label={t('details.tags')}>
          {rom.tags.length > 0 ? (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
              {rom.tags.map((tag) => (
                <Chip key={tag} size="small" variant="outlined" label={tag} />
              ))}
            </Stack>
          ) : (
            '-'
          )}
        </Fact>
        <Fact label={t('details.added')} testId="rom-added">
          {formatDate(rom.created_at)}
        </Fact>
        <Fact label={t('details.updated')}>{formatDate(rom.updated_at)}</Fact>
        <Fact label={t('details.path')}>
          <Box
            component="span"
            sx={{ fontFamily: 'ui-monospace, Menlo, Consolas, monospace', fontSize: 12.5 }}
          >
            {rom.full_path}
          </Box>
        </Fact>
      </Box>
    </Section>
  );
}
