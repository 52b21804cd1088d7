import ButtonBase from '@mui/material/ButtonBase';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { collectionPath } from '@/shared/api/collections';
import type { AnyCollection } from '@/shared/api/collections';

import { CollectionCover, collectionKind } from './collection-cover';

/** A collection of any kind as a card: cover, name and number of games; opens its gallery. */
export function CollectionCard({ collection }: { collection: AnyCollection }) {
  const { t } = useTranslation('collection');
  const kind = collectionKind(collection);
  return (
    <ButtonBase
      component={RouterLink}
      to={collectionPath({ kind, id: String(collection.id) })}
      data-testid="collection-card"
      data-nav-card
      data-kind={kind}
      focusRipple
      sx={(theme) => ({
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'stretch',
        gap: 1,
        p: 1,
        borderRadius: '16px',
        border: `1px solid ${theme.palette.divider}`,
        bgcolor: 'background.paper',
        textAlign: 'left',
        transition: theme.transitions.create(['transform', 'border-color']),
        '&:hover, &.Mui-focusVisible': {
          borderColor: alpha(theme.palette.primary.main, 0.6),
          transform: 'translateY(-2px)',
        },
      })}
    >
      <CollectionCover collection={collection} kind={kind} />
      <Box sx={{ minWidth: 0, px: 0.5, pb: 0.5 }}>
        <Typography variant="body2" sx={{ fontWeight: 700 }} noWrap title={collection.name}>
          {collection.name}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {t('page.games', { count: collection.rom_count })}
        </Typography>
      </Box>
    </ButtonBase>
  );
}
