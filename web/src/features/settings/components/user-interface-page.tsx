import DarkModeRounded from '@mui/icons-material/DarkModeRounded';
import LightModeRounded from '@mui/icons-material/LightModeRounded';
import PaletteRounded from '@mui/icons-material/PaletteRounded';
import SettingsBrightnessRounded from '@mui/icons-material/SettingsBrightnessRounded';
import TranslateRounded from '@mui/icons-material/TranslateRounded';
import { THEME_PREFERENCE } from '@romshelf/contract';
import type { ThemePreference } from '@romshelf/contract';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { PageHeader } from '@/components/page-header';
import { useLanguageStore } from '@/lib/stores/language-store';
import { useThemeStore } from '@/lib/stores/theme-store';

const THEME_OPTIONS = [
  { value: THEME_PREFERENCE.dark, key: 'dark', icon: <DarkModeRounded fontSize="small" /> },
  { value: THEME_PREFERENCE.light, key: 'light', icon: <LightModeRounded fontSize="small" /> },
  {
    value: THEME_PREFERENCE.auto,
    key: 'auto',
    icon: <SettingsBrightnessRounded fontSize="small" />,
  },
] as const;

function Section({
  icon,
  title,
  text,
  children,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardContent sx={{ p: 3 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 0.5 }}>
          {icon}
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
          {text}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

export function UserInterfacePage() {
  const { t } = useTranslation('settings');
  const preference = useThemeStore((state) => state.preference);
  const setPreference = useThemeStore((state) => state.setPreference);
  const { languages, selectedLanguage, setLanguage } = useLanguageStore();
  return (
    <>
      <PageHeader
        title={t('user-interface.title')}
        subtitle={t('user-interface.subtitle')}
        icon={<PaletteRounded />}
      />
      <Stack spacing={3} sx={{ maxWidth: 720 }}>
        <Section
          icon={<PaletteRounded color="primary" />}
          title={t('user-interface.theme')}
          text={t('user-interface.theme-text')}
        >
          <ToggleButtonGroup
            exclusive
            color="primary"
            value={preference}
            onChange={(_event, value: ThemePreference | null) => {
              if (value !== null) setPreference(value);
            }}
            aria-label={t('user-interface.theme')}
            data-testid="theme-picker"
          >
            {THEME_OPTIONS.map((option) => (
              <ToggleButton
                key={option.key}
                value={option.value}
                data-testid={`theme-${option.key}`}
                sx={{ gap: 1, px: 2.5 }}
              >
                {option.icon}
                {t(`user-interface.theme-${option.key}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Section>
        <Section
          icon={<TranslateRounded color="primary" />}
          title={t('user-interface.language')}
          text={t('user-interface.language-text')}
        >
          <TextField
            select
            id="language-select"
            label={t('user-interface.language')}
            value={selectedLanguage}
            onChange={(event) => setLanguage(event.target.value)}
            sx={{ maxWidth: 360 }}
            slotProps={{
              select: { native: true },
              htmlInput: { 'data-testid': 'language-select' },
            }}
          >
            {languages.map((language) => (
              <option key={language.value} value={language.value}>
                {language.name}
              </option>
            ))}
          </TextField>
        </Section>
      </Stack>
    </>
  );
}
