import type { LogEntry, LogEntryLevel } from '@romshelf/contract';
import Box from '@mui/material/Box';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { formatClockTime } from '@/lib/format';

/** The mark beside a line (the text itself keeps the page's contrast). */
const LEVEL_MARK: Record<LogEntryLevel, string> = {
  TRACE: 'transparent',
  DEBUG: 'transparent',
  INFO: 'info.main',
  WARNING: 'warning.main',
  ERROR: 'error.main',
  CRITICAL: 'error.main',
};

/** One line as text, as copied to the clipboard. */
export function logLineText(entry: LogEntry): string {
  return `${new Date(entry.ts).toISOString()} ${entry.level} [${entry.module}] ${entry.message}`;
}

/**
 * The log lines in a scrolling, monospaced box that follows the newest line while the reader
 * is at the bottom (scrolling up to read stops the following).
 */
export function LogLines({ lines }: { lines: readonly LogEntry[] }) {
  const { t } = useTranslation('settings');
  const box = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  useEffect(() => {
    const element = box.current;
    if (element && following.current) element.scrollTop = element.scrollHeight;
  }, [lines]);
  return (
    <Box
      ref={box}
      role="log"
      aria-label={t('logs.lines')}
      tabIndex={0}
      data-testid="log-lines"
      onScroll={(event) => {
        const element = event.currentTarget;
        following.current = element.scrollHeight - element.scrollTop - element.clientHeight < 24;
      }}
      sx={{
        height: { xs: '60dvh', md: '65dvh' },
        overflow: 'auto',
        border: 1,
        borderColor: 'divider',
        borderRadius: '12px',
        bgcolor: 'background.paper',
        p: 1.5,
        fontFamily: 'ui-monospace, Menlo, Consolas, monospace',
        fontSize: 12.5,
        lineHeight: 1.6,
      }}
    >
      {lines.length === 0 ? (
        <Box sx={{ color: 'text.secondary' }} data-testid="log-empty">
          {t('logs.empty')}
        </Box>
      ) : (
        lines.map((entry, index) => (
          <Box
            key={`${String(entry.ts)}-${String(index)}`}
            data-testid="log-line"
            data-level={entry.level}
            sx={{
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
              borderLeft: 3,
              borderColor: LEVEL_MARK[entry.level],
              pl: 1,
            }}
          >
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {formatClockTime(entry.ts)}
            </Box>{' '}
            <Box component="span" sx={{ fontWeight: 700 }}>
              {entry.level}
            </Box>{' '}
            <Box component="span" sx={{ color: 'text.secondary' }}>
              [{entry.module}]
            </Box>{' '}
            {entry.message}
          </Box>
        ))
      )}
    </Box>
  );
}
