import RadarRounded from '@mui/icons-material/RadarRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import VideogameAssetRounded from '@mui/icons-material/VideogameAssetRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Platform } from '@romshelf/contract';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';

import { PlatformIcon } from '../../components/platform-icon';
import { errorMessage } from '../../lib/api-client';
import { sortPlatforms, usePlatformsQuery } from '@/shared/api/platforms';
import { useNavigationStore } from '@/shared/stores/navigation-store';
import { useUiSetting } from '@/shared/stores/ui-settings-store';
import { useHasScopes } from '@/shared/stores/use-scopes';
import { groupPlatforms } from './platform-groups';
import type { PlatformGroup } from './platform-groups';

function fold(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** One platform of the drawer: badge, name and game count; links the platform's gallery. */
function PlatformItem({ platform }: { platform: Platform }) {
  const location = useLocation();
  const resetDrawers = useNavigationStore((state) => state.resetDrawers);
  const to = `/platform/${String(platform.id)}`;
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={RouterLink}
        to={to}
        selected={location.pathname === to}
        onClick={resetDrawers}
        data-testid={`drawer-platform-${platform.fs_slug}`}
        sx={{ py: 0.75 }}
      >
        <ListItemIcon sx={{ minWidth: 48 }}>
          <PlatformIcon platform={platform} size={34} />
        </ListItemIcon>
        <ListItemText
          primary={platform.display_name}
          slotProps={{ primary: { noWrap: true, sx: { fontWeight: 600 } } }}
        />
        <Typography
          variant="caption"
          sx={{
            ml: 1,
            px: 1,
            py: 0.25,
            borderRadius: 99,
            bgcolor: 'action.hover',
            fontWeight: 700,
            fontVariantNumeric: 'tabular-nums',
          }}
        >
          {platform.rom_count}
        </Typography>
      </ListItemButton>
    </ListItem>
  );
}

/**
 * The platforms drawer: every platform with games, its badge and count, grouped as the user
 * chose; a filter box on top.
 */
export function PlatformsDrawerContent() {
  const { t } = useTranslation('common');
  const platforms = usePlatformsQuery();
  const canScan = useHasScopes('platforms.write');
  const goScan = useNavigationStore((state) => state.goScan);
  const [filter, setFilter] = useState('');
  const groupBy = useUiSetting('platformsGroupBy');

  if (platforms.isPending) {
    return (
      <Stack spacing={1} sx={{ pt: 1 }}>
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} variant="rounded" height={48} />
        ))}
      </Stack>
    );
  }
  const list = sortPlatforms(platforms.data ?? []).filter((platform) => platform.rom_count > 0);
  if (platforms.isError || list.length === 0) {
    return (
      <Stack
        spacing={1.5}
        sx={{ alignItems: 'center', textAlign: 'center', py: 6, color: 'text.secondary' }}
        data-testid="platforms-drawer-empty"
      >
        <Box sx={{ color: 'primary.main', '& svg': { fontSize: 40 } }}>
          <VideogameAssetRounded />
        </Box>
        <Typography variant="subtitle1" color="text.primary">
          {t('drawers.platforms.empty-title')}
        </Typography>
        <Typography variant="body2">
          {platforms.isError
            ? errorMessage(platforms.error)
            : canScan
              ? t('drawers.platforms.empty-text-scan')
              : t('drawers.platforms.empty-text-ask')}
        </Typography>
        {canScan ? (
          <Button variant="contained" startIcon={<RadarRounded />} onClick={goScan}>
            {t('nav.scan')}
          </Button>
        ) : null}
      </Stack>
    );
  }
  const groupLabel = (group: PlatformGroup): string => {
    if (group.value === null) return t('drawers.platforms.group-unknown');
    if (groupBy === 'generation') {
      return t('drawers.platforms.group-generation', { generation: group.value });
    }
    return String(group.value);
  };
  const needle = fold(filter.trim());
  const shown = needle
    ? list.filter((platform) =>
        [platform.display_name, platform.slug, platform.fs_slug].some((value) =>
          fold(value).includes(needle),
        ),
      )
    : list;
  const groups = groupBy ? groupPlatforms(shown, groupBy) : [{ value: null, platforms: shown }];
  return (
    <>
      <TextField
        size="small"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        placeholder={t('drawers.platforms.filter')}
        sx={{ mb: 1.5 }}
        slotProps={{
          htmlInput: {
            'aria-label': t('drawers.platforms.filter'),
            'data-testid': 'platforms-filter',
          },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchRounded fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <List dense sx={{ display: 'flex', flexDirection: 'column', gap: 0.25 }}>
        {groups.map((group) => (
          <Fragment key={String(group.value)}>
            {groupBy ? (
              <ListSubheader
                disableSticky
                data-testid="platforms-group"
                sx={{ bgcolor: 'transparent', lineHeight: '32px', mt: 1, px: 1 }}
              >
                {groupLabel(group)}
              </ListSubheader>
            ) : null}
            {group.platforms.map((platform) => (
              <PlatformItem key={platform.id} platform={platform} />
            ))}
          </Fragment>
        ))}
        {shown.length === 0 ? (
          <Typography
            component="li"
            variant="body2"
            color="text.secondary"
            sx={{ py: 3, textAlign: 'center' }}
          >
            {t('drawers.platforms.no-match')}
          </Typography>
        ) : null}
      </List>
    </>
  );
}
