import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { CopyButton } from './copy-button';

/**
 * CRC32, MD5 and SHA-1 in monospace, each with a copy button; a dash when not computed. The
 * RetroAchievements hash shows only when there is one: RetroAchievements hashes only the consoles
 * it supports, so its absence is not a gap.
 */
export function HashList({
  crc,
  md5,
  sha1,
  ra = null,
}: {
  crc: string | null;
  md5: string | null;
  sha1: string | null;
  ra?: string | null;
}) {
  const { t } = useTranslation('rom');
  const rows: [string, string | null][] = [
    ['CRC32', crc],
    ['MD5', md5],
    ['SHA-1', sha1],
    ...(ra ? [['RA', ra] as [string, string]] : []),
  ];
  return (
    <Box
      data-testid="hash-list"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'auto 1fr auto',
        columnGap: 1.5,
        alignItems: 'center',
      }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 700 }}>
            {label}
          </Typography>
          <Typography
            variant="body2"
            data-testid={`hash-${label.toLowerCase()}`}
            sx={{
              fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
              fontSize: 12.5,
              wordBreak: 'break-all',
              color: value ? 'text.primary' : 'text.secondary',
            }}
          >
            {value || t('details.not-computed')}
          </Typography>
          {value ? <CopyButton value={value} label={label} /> : <span />}
        </Box>
      ))}
    </Box>
  );
}
