import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import type { DetailedRom, SimpleRom } from '@romshelf/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';

import { MarkdownView } from '@/components/markdown-view';
import { useRomActions } from '@/components/rom-actions-context';
import { usePageName } from '@/lib/page-name';
import { useHasScopes } from '@/shared/stores/use-scopes';
import { findCachedRom } from '@/shared/api/rom-cache';
import { romQueryOptions, useRomQuery } from '@/shared/api/rom';

import type { RomSections as RomSectionsComponent } from './rom-sections';
import { isCurrentRom, useRomStore } from '../stores/rom-store';
import { RomBackdrop } from './rom-backdrop';
import { RomHeading } from './rom-heading';
import { RomPlayingNow } from './rom-playing-now';
import { RomSideColumn } from './rom-side-column';
import { RomDatVerification } from './rom-dat-verification';
import { RomSources } from './rom-sources';
import { RomLoadState } from './rom-state';

type OpenDialog = 'edit' | 'match' | 'delete' | null;

/**
 * The detail cards' code (files table, notes editor, versions, manual…) loads with the page's
 * details rather than with the page: the gallery's idle preload of this page stays small.
 */
let loadedSections: { RomSections: typeof RomSectionsComponent } | undefined;
const loadSections = () => import('./rom-sections').then((module) => (loadedSections = module));
const LazyRomSections = lazy(async () => ({ default: (await loadSections()).RomSections }));

/** Loads the detail cards' code ahead of a likely click (a pointer over a game's card). */
export function preloadRomSections(): void {
  loadSections().catch((error: unknown) => console.error('Could not load the game page', error));
}

/** The edit, match and delete dialogs of the game; a deleted game leads to its platform. */
function RomDialogs({
  rom,
  open,
  onClose,
  onChange,
}: {
  rom: DetailedRom;
  open: OpenDialog;
  onClose: () => void;
  onChange: (rom: DetailedRom) => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const setCurrent = useRomStore((state) => state.setCurrent);
  const { EditRomDialog, MatchRomDialog, DeleteRomsDialog } = useRomActions();
  if (open === 'edit') {
    return <EditRomDialog rom={rom} open onClose={onClose} onSaved={onChange} />;
  }
  if (open === 'match') {
    return <MatchRomDialog rom={rom} open onClose={onClose} onMatched={onChange} />;
  }
  if (open === 'delete') {
    return (
      <DeleteRomsDialog
        roms={[rom]}
        open
        onClose={onClose}
        onDeleted={(ids) => {
          if (!ids.includes(rom.id)) return;
          setCurrent(null);
          queryClient.removeQueries({ queryKey: romQueryOptions(String(rom.id)).queryKey });
          void navigate(`/platform/${String(rom.platform_id)}`, { replace: true });
        }}
      />
    );
  }
  return null;
}

/**
 * The game's page. `rom` is shown at once (from a list that holds it, or the details); the cards
 * that need the details (`detailed`) follow when they arrive.
 */
function RomDetails({
  rom,
  detailed,
}: {
  rom: SimpleRom | DetailedRom;
  detailed: DetailedRom | null;
}) {
  const { t } = useTranslation('rom');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const setCurrent = useRomStore((state) => state.setCurrent);
  const canWrite = useHasScopes('roms.write');
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const change = useCallback(
    (next: DetailedRom) => {
      setCurrent(next);
      queryClient.setQueryData(romQueryOptions(String(next.id)).queryKey, next);
    },
    [queryClient, setCurrent],
  );
  const actions =
    detailed && canWrite
      ? {
          match: () => setDialog('match'),
          edit: () => setDialog('edit'),
          remove: () => setDialog('delete'),
        }
      : undefined;
  const loading = (
    <LinearProgress aria-label={t('rom.loading')} data-testid="rom-details-loading" />
  );
  return (
    <Box data-testid="rom-details" data-rom-id={rom.id} sx={{ position: 'relative' }}>
      {detailed ? (
        <RomDialogs
          rom={detailed}
          open={dialog}
          onClose={() => setDialog(null)}
          onChange={change}
        />
      ) : null}
      <RomBackdrop rom={rom} />
      <Box sx={{ position: 'relative', zIndex: 1 }}>
        <Button
          size="small"
          startIcon={<ArrowBackRounded />}
          onClick={() => void navigate(-1)}
          sx={{ mb: 2 }}
        >
          {t('details.back')}
        </Button>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: '280px 1fr', lg: '320px 1fr' },
            gap: { xs: 3, md: 4 },
            alignItems: 'start',
          }}
        >
          <RomSideColumn rom={rom} actions={actions} />
          <Stack spacing={3} sx={{ minWidth: 0 }}>
            <RomHeading rom={rom}>{detailed ? <RomSources rom={detailed} /> : null}</RomHeading>
            {detailed ? <RomPlayingNow romId={rom.id} /> : null}
            {detailed ? <RomDatVerification romId={rom.id} /> : null}
            {rom.summary ? (
              <MarkdownView
                source={rom.summary}
                testId="rom-summary"
                sx={{ color: 'text.secondary', maxWidth: 900, typography: 'body1' }}
              />
            ) : null}
            {detailed ? (
              <Suspense fallback={loading}>
                {/* Loaded already (a pointer over the card preloads it): shown without suspending,
                    which React would hold back by its fallback throttle. */}
                {loadedSections ? (
                  <loadedSections.RomSections rom={detailed} onChange={change} />
                ) : (
                  <LazyRomSections rom={detailed} onChange={change} />
                )}
              </Suspense>
            ) : (
              loading
            )}
          </Stack>
        </Box>
      </Box>
    </Box>
  );
}

/**
 * Game details (SPEC §2): loads the ROM by id unless it is already the current one. Opened from a
 * gallery or rail, the game shows at once from that list's data while its details load.
 */
export function RomDetailsPage() {
  const { rom: id = '' } = useParams();
  const queryClient = useQueryClient();
  const current = useRomStore((state) => state.current);
  const setCurrent = useRomStore((state) => state.setCurrent);
  const cached = isCurrentRom(current, id);
  const query = useRomQuery(id, !cached);

  useEffect(() => {
    void loadSections();
  }, []);
  useEffect(() => {
    if (query.data) setCurrent(query.data);
  }, [query.data, setCurrent]);
  useEffect(() => {
    // SPEC §2: a failure to load the ROM is only logged.
    if (query.error) console.error('Could not load ROM', id, query.error);
  }, [query.error, id]);

  const detailed = (cached ? current : query.data) ?? null;
  // The heading and cover paint first; the many detail cards follow in a second, deferred render.
  const deferred = useDeferredValue(detailed, null);
  const listed = detailed || query.isError ? undefined : findCachedRom(queryClient, Number(id));
  const rom = detailed ?? listed;
  usePageName(rom ? rom.name || rom.fs_name_no_ext : undefined);
  if (rom) {
    return (
      <RomDetails key={rom.id} rom={rom} detailed={deferred?.id === rom.id ? deferred : null} />
    );
  }
  return <RomLoadState loading={query.isPending && !query.isError} error={query.error} />;
}
