import AutoAwesomeRounded from '@mui/icons-material/AutoAwesomeRounded';
import CollectionsBookmarkRounded from '@mui/icons-material/CollectionsBookmarkRounded';
import FavoriteRounded from '@mui/icons-material/FavoriteRounded';
import LibraryAddRounded from '@mui/icons-material/LibraryAddRounded';
import type { DetailedRom } from '@romshelf/contract';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { gameTitle } from '@/components/game-cover';
import { useRomActions } from '@/components/rom-actions-context';
import { collectionPath, collectionsQueryOptions } from '@/shared/api/collections';
import { fetchRom } from '@/shared/api/rom';
import { useHasScopes } from '@/shared/stores/use-scopes';

import { Section } from './section';

/**
 * The caller's collections holding this game (`user_collections`), favourites first under their
 * own name and heart, each a link to its gallery; "Add to collection" opens the shared dialog.
 */
export function RomCollections({
  rom,
  onChange,
}: {
  rom: DetailedRom;
  onChange: (rom: DetailedRom) => void;
}) {
  const { t } = useTranslation('rom');
  const canCollect = useHasScopes('collections.write');
  const { AddToCollectionDialog } = useRomActions();
  const [open, setOpen] = useState(false);
  const favourite = rom.rom_user.is_favorite;
  // Which collection is the favourites one: the list knows, the game's summary does not.
  const collections = useQuery({
    ...collectionsQueryOptions(),
    enabled: favourite || rom.user_collections.length > 0,
  });
  const favourites = collections.data?.find((item) => item.is_favorite) ?? null;
  // The favourite flag is the newest word on favourites (it changes without reloading the game).
  const others = rom.user_collections.filter((item) => item.is_smart || item.id !== favourites?.id);
  // The page shows its own copy of the game: read it again for its collections and favourite.
  const reload = async () => onChange(await fetchRom(String(rom.id)));

  return (
    <Section
      title={t('collections.section')}
      testId="rom-collections-section"
      aside={
        canCollect ? (
          <Button
            size="small"
            variant="outlined"
            startIcon={<LibraryAddRounded />}
            onClick={() => setOpen(true)}
            data-testid="rom-add-to-collection"
          >
            {t('collections.add')}
          </Button>
        ) : null
      }
    >
      {!favourite && others.length === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="rom-collections-empty">
          {t('collections.none')}
        </Typography>
      ) : (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} data-testid="rom-collections">
          {favourite ? (
            <Chip
              {...(favourites
                ? {
                    component: RouterLink,
                    to: collectionPath({ kind: 'regular', id: String(favourites.id) }),
                    clickable: true,
                  }
                : {})}
              variant="outlined"
              color="error"
              icon={<FavoriteRounded />}
              label={t('collections.favourites')}
              data-testid="rom-collection-chip"
              data-favourite
            />
          ) : null}
          {others.map((item) => (
            <Chip
              key={`${item.is_smart ? 'smart' : 'regular'}-${String(item.id)}`}
              component={RouterLink}
              to={collectionPath({
                kind: item.is_smart ? 'smart' : 'regular',
                id: String(item.id),
              })}
              clickable
              variant="outlined"
              icon={item.is_smart ? <AutoAwesomeRounded /> : <CollectionsBookmarkRounded />}
              label={item.name}
              data-testid="rom-collection-chip"
              sx={{ maxWidth: '100%' }}
            />
          ))}
        </Stack>
      )}
      {open ? (
        <AddToCollectionDialog
          romIds={[rom.id]}
          gameName={gameTitle(rom)}
          open
          onClose={() => setOpen(false)}
          onSaved={() => void reload()}
        />
      ) : null}
    </Section>
  );
}
