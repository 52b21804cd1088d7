import AutoAwesomeRounded from '@mui/icons-material/AutoAwesomeRounded';
import BookmarksRounded from '@mui/icons-material/BookmarksRounded';
import FilterAltRounded from '@mui/icons-material/FilterAltRounded';
import Box from '@mui/material/Box';

import type { AnyCollection, CollectionKind } from '@/shared/api/collections';

export const COLLECTION_ICONS = {
  regular: BookmarksRounded,
  virtual: AutoAwesomeRounded,
  smart: FilterAltRounded,
} as const;

/** The kind of a collection answer (each kind carries its flags, as in RomM). */
export function collectionKind(collection: Pick<AnyCollection, 'is_virtual' | 'is_smart'>) {
  if (collection.is_virtual) return 'virtual' as const;
  return collection.is_smart ? ('smart' as const) : ('regular' as const);
}

/**
 * A collection's square cover: its own artwork (or the server's collage), else up to four member
 * covers side by side, else the kind's icon on a tinted ground.
 */
export function CollectionCover({
  collection,
  kind,
  size,
}: {
  collection: Pick<AnyCollection, 'name' | 'path_cover_large' | 'path_covers_large'>;
  kind: CollectionKind;
  /** Pixels; the cover fills its box when absent. */
  size?: number;
}) {
  const Icon = COLLECTION_ICONS[kind];
  const members = collection.path_covers_large.slice(0, 4);
  const frame = {
    position: 'relative',
    width: size ?? '100%',
    height: size,
    aspectRatio: '1 / 1',
    flexShrink: 0,
    borderRadius: size !== undefined && size < 64 ? '8px' : '14px',
    overflow: 'hidden',
    bgcolor: 'action.hover',
  } as const;
  if (collection.path_cover_large) {
    return (
      <Box sx={frame} data-testid="collection-cover">
        <Box
          component="img"
          src={collection.path_cover_large}
          alt=""
          loading="lazy"
          sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      </Box>
    );
  }
  if (members.length > 0) {
    const columns = members.length === 1 ? 1 : 2;
    return (
      <Box
        sx={{ ...frame, display: 'grid', gridTemplateColumns: `repeat(${String(columns)}, 1fr)` }}
        data-testid="collection-cover"
      >
        {members.map((path, index) => (
          <Box
            key={`${path}-${String(index)}`}
            component="img"
            src={path}
            alt=""
            loading="lazy"
            sx={{
              width: '100%',
              height: '100%',
              objectFit: 'cover',
              display: 'block',
              gridRow: members.length === 3 && index === 0 ? 'span 2' : undefined,
              minHeight: 0,
            }}
          />
        ))}
      </Box>
    );
  }
  return (
    <Box
      sx={{
        ...frame,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        color: 'primary.main',
        background: (theme) =>
          `linear-gradient(150deg, ${theme.palette.action.selected} 0%, ${theme.palette.action.hover} 100%)`,
      }}
      data-testid="collection-cover"
    >
      <Icon sx={{ fontSize: size !== undefined ? Math.max(18, size * 0.45) : 48 }} />
    </Box>
  );
}
