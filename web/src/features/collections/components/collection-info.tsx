import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { CollectionCover } from '@/components/collection-cover';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useCollectionQuery } from '@/shared/api/collections';
import type { AnyCollection, CollectionRef } from '@/shared/api/collections';
import { useAuthStore } from '@/shared/stores/auth-store';
import { useCurrentCollectionStore } from '@/shared/stores/current-collection-store';

import { CollectionEditor } from './collection-editor';

function Row({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: '110px 1fr',
        gap: 1.5,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ wordBreak: 'break-word' }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

function Facts({ refTo, collection }: { refTo: CollectionRef; collection: AnyCollection }) {
  const { t } = useTranslation('collection');
  const owner = 'owner_username' in collection ? collection.owner_username : null;
  return (
    <Box sx={{ mb: 2 }}>
      <Row label={t('info.kind')} value={t(`page.kind-${refTo.kind}`)} />
      {owner ? <Row label={t('info.owner')} value={owner} testId="collection-owner" /> : null}
      <Row label={t('info.games')} value={String(collection.rom_count)} testId="collection-count" />
      {refTo.kind === 'virtual' ? null : (
        <Row
          label={t('info.visibility')}
          value={collection.is_public ? t('page.public') : t('page.private')}
          testId="collection-visibility"
        />
      )}
      {'filter_summary' in collection && collection.filter_summary ? (
        <Row label={t('info.criteria')} value={collection.filter_summary} />
      ) : null}
      <Row label={t('info.updated')} value={formatDate(collection.updated_at)} />
    </Box>
  );
}

/**
 * The collection info drawer: what the collection is, and for its owner the editor (name,
 * description, cover, public toggle, delete). Others, and virtual collections, read only.
 */
export function CollectionInfo() {
  const { t } = useTranslation('collection');
  const current = useCurrentCollectionStore((state) => state.current);
  if (!current) {
    return (
      <Stack
        spacing={1.5}
        sx={{ alignItems: 'center', textAlign: 'center', py: 6, color: 'text.secondary' }}
      >
        <Box sx={{ color: 'primary.main', '& svg': { fontSize: 40 } }}>
          <InfoOutlined />
        </Box>
        <Typography variant="body2">{t('info.none')}</Typography>
      </Stack>
    );
  }
  return <CollectionInfoOf refTo={current} />;
}

function CollectionInfoOf({ refTo }: { refTo: CollectionRef }) {
  const { t } = useTranslation('collection');
  const userId = useAuthStore((state) => state.user?.id ?? null);
  const query = useCollectionQuery(refTo);
  if (query.isError) {
    return <Typography color="error">{errorMessage(query.error)}</Typography>;
  }
  const collection = query.data;
  if (!collection) return <Skeleton variant="rounded" height={240} />;
  const owned = 'user_id' in collection && collection.user_id === userId;
  return (
    <Box data-testid="collection-info">
      <Box sx={{ width: 160, mx: 'auto', mb: 2 }}>
        <CollectionCover collection={collection} kind={refTo.kind} />
      </Box>
      <Typography variant="h6" component="p" sx={{ textAlign: 'center', wordBreak: 'break-word' }}>
        {collection.is_favorite ? t('page.favourites') : collection.name}
      </Typography>
      {collection.description ? (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ textAlign: 'center', whiteSpace: 'pre-wrap', wordBreak: 'break-word', mb: 1 }}
        >
          {collection.description}
        </Typography>
      ) : null}
      <Facts refTo={refTo} collection={collection} />
      {owned && refTo.kind !== 'virtual' ? (
        <CollectionEditor refTo={refTo} collection={collection} />
      ) : (
        <Chip
          size="small"
          variant="outlined"
          label={refTo.kind === 'virtual' ? t('info.read-only-virtual') : t('info.read-only')}
          data-testid="collection-read-only"
          sx={{
            maxWidth: '100%',
            height: 'auto',
            '& .MuiChip-label': { whiteSpace: 'normal', py: 0.5 },
          }}
        />
      )}
    </Box>
  );
}
