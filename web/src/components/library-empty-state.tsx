import FolderOpenRounded from '@mui/icons-material/FolderOpenRounded';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { examplePlatformFolder, useLibraryInfoQuery } from '@/shared/api/library-info';

import { EmptyState } from './empty-state';

function Code({ children, testId }: { children: string; testId?: string }) {
  return (
    <Box
      component="code"
      data-testid={testId}
      sx={{
        display: 'block',
        px: 1.5,
        py: 1,
        borderRadius: '8px',
        bgcolor: 'action.hover',
        fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
        fontSize: 13,
        textAlign: 'left',
        overflowX: 'auto',
        whiteSpace: 'nowrap',
      }}
    >
      {children}
    </Box>
  );
}

/**
 * "Your library is empty": for people who can scan, where the library is on the server and an
 * example platform folder (from GET /api/library/info when the server offers it).
 */
export function LibraryEmptyState({
  testId,
  title,
  canScan,
  icon,
  action,
}: {
  testId: string;
  title: string;
  canScan: boolean;
  icon?: ReactNode;
  action?: ReactNode;
}) {
  const { t } = useTranslation('emptyStates');
  const info = useLibraryInfoQuery(canScan);
  const library = canScan ? info.data : null;
  return (
    <EmptyState
      testId={testId}
      icon={icon ?? <FolderOpenRounded />}
      title={title}
      text={
        canScan
          ? library
            ? t('library.text-path')
            : t('library.text-generic')
          : t('library.text-ask')
      }
      action={
        <Stack spacing={2} sx={{ alignItems: 'center', width: '100%' }}>
          {library ? (
            <Stack spacing={1} sx={{ width: '100%', maxWidth: 460 }}>
              <Typography variant="caption" color="text.secondary">
                {t('library.path-label')}
              </Typography>
              <Code testId="library-path">{library.library_path}</Code>
              <Typography variant="caption" color="text.secondary">
                {t('library.example-label')}
              </Typography>
              <Code testId="library-example">{examplePlatformFolder(library, 'snes')}</Code>
            </Stack>
          ) : null}
          {action}
        </Stack>
      }
    />
  );
}
