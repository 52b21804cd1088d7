import AddRounded from '@mui/icons-material/AddRounded';
import BookmarksRounded from '@mui/icons-material/BookmarksRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';

import { CollectionCover, collectionKind } from '@/components/collection-cover';
import { errorMessage } from '@/lib/api-client';
import {
  collectionPath,
  useCollectionsQuery,
  useSmartCollectionsQuery,
  useVirtualCollectionsQuery,
} from '@/shared/api/collections';
import type { AnyCollection } from '@/shared/api/collections';
import { useAuthStore } from '@/shared/stores/auth-store';
import { useNavigationStore } from '@/shared/stores/navigation-store';
import { useUiSettingsStore } from '@/shared/stores/ui-settings-store';

import { NewCollectionDialog } from './new-collection-dialog';

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Favourites first, then by name. */
function byName(a: AnyCollection, b: AnyCollection): number {
  if (a.is_favorite !== b.is_favorite) return a.is_favorite ? -1 : 1;
  return a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });
}

function Section({
  title,
  testId,
  items,
  loading,
  error,
  onOpen,
}: {
  title: string;
  testId: string;
  items: readonly AnyCollection[];
  loading: boolean;
  error: unknown;
  onOpen: () => void;
}) {
  const { t } = useTranslation('collection');
  if (!loading && !error && items.length === 0) return null;
  return (
    <Box component="li" data-testid={testId}>
      <ListSubheader
        component="div"
        disableSticky
        sx={{ bgcolor: 'transparent', lineHeight: '32px', px: 1 }}
      >
        {title}
      </ListSubheader>
      {error ? (
        <Alert severity="warning" sx={{ mx: 1 }}>
          {errorMessage(error)}
        </Alert>
      ) : null}
      <List dense disablePadding>
        {loading
          ? [0, 1].map((index) => (
              <ListItem key={index} disablePadding>
                <Skeleton variant="rounded" height={44} sx={{ my: 0.5, width: '100%' }} />
              </ListItem>
            ))
          : items.map((collection) => (
              <ListItem
                key={`${collectionKind(collection)}-${String(collection.id)}`}
                disablePadding
              >
                <ListItemButton
                  component={RouterLink}
                  to={collectionPath({
                    kind: collectionKind(collection),
                    id: String(collection.id),
                  })}
                  onClick={onOpen}
                  data-testid="drawer-collection"
                  sx={{ borderRadius: '10px', gap: 1.5 }}
                >
                  <CollectionCover
                    collection={collection}
                    kind={collectionKind(collection)}
                    size={40}
                  />
                  <ListItemText
                    primary={collection.is_favorite ? t('page.favourites') : collection.name}
                    secondary={t('page.games', { count: collection.rom_count })}
                    slotProps={{ primary: { noWrap: true } }}
                  />
                </ListItemButton>
              </ListItem>
            ))}
      </List>
    </Box>
  );
}

/**
 * The collections drawer: the user's own collections, public ones of others, smart collections
 * and virtual ones of the chosen type, with a search box and "new collection".
 */
export function CollectionsDrawerContent() {
  const { t } = useTranslation('collection');
  const navigate = useNavigate();
  const resetDrawers = useNavigationStore((state) => state.resetDrawers);
  const userId = useAuthStore((state) => state.user?.id ?? null);
  const virtualType = useUiSettingsStore((state) => state.settings.virtualCollectionType);
  const showVirtual = useUiSettingsStore((state) => state.settings.showVirtualCollections);
  const regular = useCollectionsQuery();
  const smart = useSmartCollectionsQuery();
  const virtual = useVirtualCollectionsQuery(virtualType, undefined, showVirtual);
  const [filter, setFilter] = useState('');
  const [creating, setCreating] = useState(false);

  const open = (collection: AnyCollection) => {
    resetDrawers();
    void navigate(collectionPath({ kind: collectionKind(collection), id: String(collection.id) }));
  };
  const needle = fold(filter.trim());
  const matches = (collection: AnyCollection) =>
    needle === '' ||
    fold(collection.is_favorite ? t('page.favourites') : collection.name).includes(needle);
  const mine = (regular.data ?? []).filter((item) => item.user_id === userId);
  const others = (regular.data ?? []).filter((item) => item.user_id !== userId);
  const sections = [
    { id: 'mine', title: t('drawer.section-mine'), query: regular, items: mine },
    { id: 'shared', title: t('drawer.section-shared'), query: regular, items: others },
    { id: 'smart', title: t('drawer.section-smart'), query: smart, items: smart.data ?? [] },
    ...(showVirtual
      ? [
          {
            id: 'virtual',
            title: t('drawer.section-virtual'),
            query: virtual,
            items: virtual.data ?? [],
          },
        ]
      : []),
  ].map((section) => ({
    ...section,
    items: section.items.filter(matches).sort(byName),
  }));
  const loading = regular.isPending || smart.isPending || (showVirtual && virtual.isPending);
  const nothing = !loading && sections.every((section) => section.items.length === 0);

  return (
    <>
      <Stack direction="row" spacing={1} sx={{ mb: 1.5 }}>
        <TextField
          size="small"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          placeholder={t('drawer.filter')}
          sx={{ flex: 1, minWidth: 0 }}
          slotProps={{
            htmlInput: {
              'aria-label': t('drawer.filter'),
              'data-testid': 'collections-filter',
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
        <Button
          variant="contained"
          startIcon={<AddRounded />}
          onClick={() => setCreating(true)}
          data-testid="collections-new"
          sx={{ flexShrink: 0 }}
        >
          {t('drawer.new')}
        </Button>
      </Stack>
      {nothing ? (
        <Stack
          spacing={1.5}
          sx={{ alignItems: 'center', textAlign: 'center', py: 6, color: 'text.secondary' }}
          data-testid="collections-empty"
        >
          <Box sx={{ color: 'primary.main', '& svg': { fontSize: 40 } }}>
            <BookmarksRounded />
          </Box>
          <Typography variant="subtitle1" color="text.primary">
            {needle ? t('drawer.no-match') : t('drawer.empty-title')}
          </Typography>
          {needle ? null : <Typography variant="body2">{t('drawer.empty-text')}</Typography>}
        </Stack>
      ) : (
        <List dense disablePadding>
          {sections.map((section) => (
            <Section
              key={section.id}
              testId={`collections-section-${section.id}`}
              title={section.title}
              items={section.items}
              loading={section.query.isPending}
              error={section.query.error}
              onOpen={resetDrawers}
            />
          ))}
        </List>
      )}
      <NewCollectionDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(collection) => {
          setCreating(false);
          open(collection);
        }}
      />
    </>
  );
}
