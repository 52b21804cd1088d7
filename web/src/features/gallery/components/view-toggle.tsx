import Filter1Rounded from '@mui/icons-material/Filter1Rounded';
import GridViewRounded from '@mui/icons-material/GridViewRounded';
import LayersRounded from '@mui/icons-material/LayersRounded';
import ViewListRounded from '@mui/icons-material/ViewListRounded';
import ViewModuleRounded from '@mui/icons-material/ViewModuleRounded';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';

import {
  GALLERY_VIEWS,
  setGalleryView,
  setGroupRoms,
  setPreferredVersionOnly,
  useGalleryView,
  useGroupRoms,
  usePreferredVersionOnly,
} from '../stores/gallery-view-store';
import type { GalleryView } from '../stores/gallery-view-store';

const ICONS: Record<GalleryView, React.ReactNode> = {
  small: <ViewModuleRounded fontSize="small" />,
  big: <GridViewRounded fontSize="small" />,
  list: <ViewListRounded fontSize="small" />,
};

/** One card per game or one per file (`groupRoms`); the choice follows the user. */
export function GroupToggle() {
  const { t } = useTranslation('gallery');
  const groupRoms = useGroupRoms();
  const label = t(groupRoms ? 'versions.ungroup' : 'versions.group');
  return (
    <Tooltip title={label}>
      <ToggleButton
        size="small"
        value="group"
        selected={groupRoms}
        onChange={() => setGroupRoms(!groupRoms)}
        aria-label={label}
        data-testid="group-roms"
        sx={{ px: 1.25 }}
      >
        <LayersRounded fontSize="small" />
      </ToggleButton>
    </Tooltip>
  );
}

/** With versions grouped: each game's preferred version only, by the user's priorities. */
export function PreferredVersionToggle() {
  const { t } = useTranslation('gallery');
  const groupRoms = useGroupRoms();
  const only = usePreferredVersionOnly();
  if (!groupRoms) return null;
  const label = t(only ? 'versions.all-versions' : 'versions.preferred-only');
  return (
    <Tooltip title={label}>
      <ToggleButton
        size="small"
        value="preferred"
        selected={only}
        onChange={() => setPreferredVersionOnly(!only)}
        aria-label={label}
        data-testid="preferred-version-only"
        sx={{ px: 1.25 }}
      >
        <Filter1Rounded fontSize="small" />
      </ToggleButton>
    </Tooltip>
  );
}

/** Small grid, big grid or list; the choice becomes the user's default view. */
export function ViewToggle() {
  const { t } = useTranslation('gallery');
  const view = useGalleryView();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={view}
      onChange={(_event, value: GalleryView | null) => {
        if (value) setGalleryView(value);
      }}
      aria-label={t('view.label')}
    >
      {GALLERY_VIEWS.map((mode) => (
        <Tooltip key={mode} title={t(`view.${mode}`)}>
          <ToggleButton
            value={mode}
            aria-label={t(`view.${mode}`)}
            data-testid={`view-${mode}`}
            sx={{ px: 1.25 }}
          >
            {ICONS[mode]}
          </ToggleButton>
        </Tooltip>
      ))}
    </ToggleButtonGroup>
  );
}
