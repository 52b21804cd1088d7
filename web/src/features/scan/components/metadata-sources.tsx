import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import LockRounded from '@mui/icons-material/LockRounded';
import RadioButtonUncheckedRounded from '@mui/icons-material/RadioButtonUncheckedRounded';
import type { MetadataSource } from '@romshelf/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useHeartbeatStore } from '@/shared/stores/heartbeat-store';
import { readSetting, writeSetting } from '@/lib/stores/storage';

import {
  EXCLUDED_SOURCES_KEY,
  metadataOptions,
  parseExcludedSources,
  selectedSources,
  toggleExcluded,
} from '../metadata-options';
import type { MetadataOption } from '../metadata-options';

/** The metadata options from the heartbeat, and the user's remembered choice among them. */
export function useMetadataSources(): {
  options: MetadataOption[];
  selected: MetadataSource[];
  toggle: (value: MetadataSource) => void;
} {
  const { t } = useTranslation('scan');
  const flags = useHeartbeatStore((state) => state.value?.METADATA_SOURCES);
  const [excluded, setExcluded] = useState(() =>
    parseExcludedSources(readSetting(EXCLUDED_SOURCES_KEY)),
  );
  const options = metadataOptions(flags, (key) => t(key));
  return {
    options,
    selected: selectedSources(options, excluded),
    toggle: (value) => {
      const next = toggleExcluded(excluded, value);
      writeSetting(EXCLUDED_SOURCES_KEY, JSON.stringify(next));
      setExcluded(next);
    },
  };
}

/** One toggle row per source; unavailable ones are greyed with their reason written out. */
export function MetadataSourcePicker({
  options,
  selected,
  onToggle,
  disabled,
}: {
  options: readonly MetadataOption[];
  selected: readonly MetadataSource[];
  onToggle: (value: MetadataSource) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('scan');
  const noneAvailable = options.every((option) => option.disabled !== '');
  return (
    <>
      {noneAvailable ? (
        <Alert severity="info" variant="outlined" sx={{ mb: 1.5 }} data-testid="scan-sources-none">
          {t('scan.sources-none')}
        </Alert>
      ) : null}
      <Box
        role="group"
        aria-label={t('scan.sources')}
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
          gap: 1,
        }}
      >
        {options.map((option) => {
          const available = option.disabled === '';
          const checked = available && selected.includes(option.value);
          return (
            <ButtonBase
              key={option.value}
              role="checkbox"
              aria-checked={checked}
              disabled={disabled || !available}
              onClick={() => onToggle(option.value)}
              data-testid={`scan-source-${option.value}`}
              sx={(theme) => ({
                display: 'flex',
                alignItems: 'center',
                gap: 1.25,
                textAlign: 'left',
                px: 1.25,
                py: 1,
                minHeight: 52,
                borderRadius: '12px',
                border: `1px ${available ? 'solid' : 'dashed'} ${checked ? theme.palette.primary.main : theme.palette.divider}`,
                bgcolor: checked ? alpha(theme.palette.primary.main, 0.12) : 'transparent',
                '&:hover': available ? { bgcolor: alpha(theme.palette.primary.main, 0.08) } : {},
                // A running scan dims the rows; unavailable ones stay readable for their reason.
                '&.Mui-disabled': available ? { opacity: 0.6 } : {},
              })}
            >
              <Box
                component="img"
                src={option.logo_path}
                alt=""
                width={32}
                height={32}
                sx={{
                  flexShrink: 0,
                  borderRadius: '8px',
                  filter: available ? 'none' : 'grayscale(1)',
                  opacity: available ? 1 : 0.45,
                }}
              />
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography
                  variant="body2"
                  sx={{
                    fontWeight: 700,
                    lineHeight: 1.25,
                    overflowWrap: 'anywhere',
                    color: available ? 'text.primary' : 'text.secondary',
                  }}
                >
                  {option.name}
                </Typography>
                {available ? null : (
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    component="span"
                    sx={{ display: 'block', lineHeight: 1.3 }}
                    data-testid="scan-source-reason"
                  >
                    {option.disabled}
                  </Typography>
                )}
              </Box>
              {available ? (
                checked ? (
                  <CheckCircleRounded color="primary" fontSize="small" />
                ) : (
                  <RadioButtonUncheckedRounded fontSize="small" sx={{ color: 'text.disabled' }} />
                )
              ) : (
                <LockRounded fontSize="small" sx={{ color: 'text.disabled' }} />
              )}
            </ButtonBase>
          );
        })}
      </Box>
      {!noneAvailable && selected.length === 0 ? (
        <Typography
          variant="caption"
          color="text.secondary"
          component="p"
          sx={{ mt: 1 }}
          data-testid="scan-sources-unselected"
        >
          {t('scan.sources-unselected')}
        </Typography>
      ) : null}
    </>
  );
}
