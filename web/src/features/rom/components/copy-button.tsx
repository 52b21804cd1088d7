import CheckRounded from '@mui/icons-material/CheckRounded';
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

async function copyText(text: string): Promise<void> {
  // Plain http on a LAN is not a secure context: there is no clipboard API there.
  if (!window.isSecureContext) throw new Error('The clipboard needs a secure (https) page');
  await navigator.clipboard.writeText(text);
}

/** Copies a value (a hash) to the clipboard and says so. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation('rom');
  const [copied, setCopied] = useState(false);
  return (
    <Tooltip title={copied ? t('details.copied') : t('details.copy', { label })}>
      <IconButton
        size="small"
        aria-label={t('details.copy', { label })}
        onClick={() => {
          copyText(value).then(
            () => {
              setCopied(true);
              window.setTimeout(() => setCopied(false), 1500);
            },
            (error: unknown) => console.error('Copy failed', error),
          );
        }}
      >
        {copied ? (
          <CheckRounded fontSize="small" color="success" />
        ) : (
          <ContentCopyRounded fontSize="small" />
        )}
      </IconButton>
    </Tooltip>
  );
}
