import AdminPanelSettingsRounded from '@mui/icons-material/AdminPanelSettingsRounded';
import BookmarksRounded from '@mui/icons-material/BookmarksRounded';
import CasinoRounded from '@mui/icons-material/CasinoRounded';
import CloudUploadRounded from '@mui/icons-material/CloudUploadRounded';
import HomeRounded from '@mui/icons-material/HomeRounded';
import InsightsRounded from '@mui/icons-material/InsightsRounded';
import LibraryBooksRounded from '@mui/icons-material/LibraryBooksRounded';
import RadarRounded from '@mui/icons-material/RadarRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import ScheduleRounded from '@mui/icons-material/ScheduleRounded';
import SettingsRounded from '@mui/icons-material/SettingsRounded';
import VideogameAssetRounded from '@mui/icons-material/VideogameAssetRounded';
import type { ReactNode } from 'react';

import type { DrawerName } from '@/shared/stores/navigation-store';

/** One entry of the main bar: a page (`to`, a link), a drawer, or an action. */
export interface NavItem {
  id: string;
  labelKey: string;
  icon: ReactNode;
  to?: string;
  drawer?: DrawerName;
  action?: 'upload' | 'random';
  scopes?: readonly string[];
}

export const NAV_ITEMS: readonly NavItem[] = [
  { id: 'home', labelKey: 'nav.home', icon: <HomeRounded />, to: '/' },
  {
    id: 'search',
    labelKey: 'nav.search',
    icon: <SearchRounded />,
    to: '/search',
  },
  {
    id: 'platforms',
    labelKey: 'nav.platforms',
    icon: <VideogameAssetRounded />,
    drawer: 'platforms',
  },
  {
    id: 'collections',
    labelKey: 'nav.collections',
    icon: <BookmarksRounded />,
    drawer: 'collections',
  },
  { id: 'random', labelKey: 'nav.random', icon: <CasinoRounded />, action: 'random' },
  {
    id: 'scan',
    labelKey: 'nav.scan',
    icon: <RadarRounded />,
    to: '/scan',
    scopes: ['platforms.write'],
  },
  {
    id: 'upload',
    labelKey: 'nav.upload',
    icon: <CloudUploadRounded />,
    action: 'upload',
    scopes: ['roms.write'],
  },
  {
    id: 'library-management',
    labelKey: 'nav.library-management',
    icon: <LibraryBooksRounded />,
    to: '/library-management',
    scopes: ['platforms.write'],
  },
  {
    id: 'administration',
    labelKey: 'nav.administration',
    icon: <AdminPanelSettingsRounded />,
    to: '/administration',
    scopes: ['users.write'],
  },
  {
    id: 'tasks',
    labelKey: 'nav.tasks',
    icon: <ScheduleRounded />,
    to: '/administration/tasks',
    scopes: ['tasks.run'],
  },
  {
    id: 'server-stats',
    labelKey: 'nav.server-stats',
    icon: <InsightsRounded />,
    to: '/server-stats',
  },
  { id: 'settings', labelKey: 'nav.settings', icon: <SettingsRounded />, drawer: 'settings' },
];
