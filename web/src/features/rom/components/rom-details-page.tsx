import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import DeleteRounded from '@mui/icons-material/DeleteRounded';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import TravelExploreRounded from '@mui/icons-material/TravelExploreRounded';
import type { DetailedRom } from '@romshelf/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';

import { GameCover, gameTitle } from '@/components/game-cover';
import { MarkdownView } from '@/components/markdown-view';
import { PlatformIcon } from '@/components/platform-icon';
import { useRomActions } from '@/components/rom-actions-context';
import { romContentUrl, startDownload } from '@/lib/download';
import { isFlag, languageToEmoji, regionToEmoji } from '@/lib/flags';
import { formatBytes, formatDate } from '@/lib/format';
import { hashString, platformBadge } from '@/lib/platform-badge';
import { usePageName } from '@/lib/page-name';
import { playReasonKey, usePlayability } from '@/lib/playability';
import { useHasScopes } from '@/shared/stores/use-scopes';

import { romQueryOptions, useRomQuery } from '@/shared/api/rom';
import { isCurrentRom, useRomStore } from '../stores/rom-store';
import { HashList } from './hash-list';
import { PersonalData } from './personal-data';
import { RomNotes } from './rom-notes';
import { RomPlayTime } from './rom-play-time';
import { RomAchievements } from './rom-achievements';
import { RomCollections } from './rom-collections';
import { RomFiles } from './rom-files';
import { RomManual } from './rom-manual';
import { RomMedia } from './rom-media';
import { RomMetadata } from './rom-metadata';
import { RomSources } from './rom-sources';
import { RomVersions } from './rom-versions';
import { RomLoadState } from './rom-state';
import { Fact, Section } from './section';

function FlagChips({
  values,
  toEmoji,
}: {
  values: readonly string[];
  toEmoji: (value: string) => string;
}) {
  if (values.length === 0) return <>-</>;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {values.map((value) => {
        const flag = toEmoji(value);
        return (
          <Chip
            key={value}
            size="small"
            variant="outlined"
            label={isFlag(flag) ? `${flag} ${value}` : value}
          />
        );
      })}
    </Stack>
  );
}

function RomDetails({ rom }: { rom: DetailedRom }) {
  const { t } = useTranslation(['rom', 'play']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const setCurrent = useRomStore((state) => state.setCurrent);
  const canWrite = useHasScopes('roms.write');
  const { EditRomDialog, MatchRomDialog, DeleteRomsDialog } = useRomActions();
  const [editing, setEditing] = useState(false);
  const [matching, setMatching] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const playability = usePlayability(rom);
  const change = useCallback(
    (next: DetailedRom) => {
      setCurrent(next);
      queryClient.setQueryData(romQueryOptions(String(next.id)).queryKey, next);
    },
    [queryClient, setCurrent],
  );
  const title = gameTitle(rom);
  const badge = platformBadge({ slug: rom.platform_slug, name: rom.platform_display_name });
  const cover = rom.path_cover_large || rom.path_cover_small;
  const hue = badge.hue;
  const accent = (hue + (hashString(title) % 40)) % 360;
  return (
    <Box data-testid="rom-details" data-rom-id={rom.id} sx={{ position: 'relative' }}>
      {editing ? (
        <EditRomDialog rom={rom} open onClose={() => setEditing(false)} onSaved={change} />
      ) : null}
      {matching ? (
        <MatchRomDialog rom={rom} open onClose={() => setMatching(false)} onMatched={change} />
      ) : null}
      {deleting ? (
        <DeleteRomsDialog
          roms={[rom]}
          open
          onClose={() => setDeleting(false)}
          onDeleted={(ids) => {
            if (!ids.includes(rom.id)) return;
            setCurrent(null);
            queryClient.removeQueries({ queryKey: romQueryOptions(String(rom.id)).queryKey });
            void navigate(`/platform/${String(rom.platform_id)}`, { replace: true });
          }}
        />
      ) : null}
      <Box
        aria-hidden
        sx={{
          position: 'absolute',
          left: { xs: -16, sm: -24, md: -32 },
          right: { xs: -16, sm: -24, md: -32 },
          top: { xs: -24, md: -32 },
          height: 380,
          zIndex: 0,
          overflow: 'hidden',
          pointerEvents: 'none',
          maskImage: 'linear-gradient(to bottom, black 0%, transparent 100%)',
          background: cover
            ? `center / cover no-repeat url("${cover}")`
            : `radial-gradient(80% 120% at 20% 0%, hsl(${String(accent)} 60% 45% / 0.55) 0%, transparent 70%)`,
          filter: cover ? 'blur(36px) saturate(1.2)' : undefined,
          opacity: cover ? 0.45 : 1,
        }}
      />
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
          <Stack
            spacing={2}
            sx={{ maxWidth: { xs: 260, md: 'none' }, mx: { xs: 'auto', md: 0 }, width: '100%' }}
          >
            <Box
              sx={{
                position: 'relative',
                boxShadow: '0 18px 48px rgba(0,0,0,0.45)',
                borderRadius: '16px',
              }}
            >
              <GameCover rom={rom} large radius={16} />
            </Box>
            {playability?.reason === null ? (
              // A full page load: the EmulatorJS player is served cross-origin isolated.
              <Button
                variant="contained"
                size="large"
                color="success"
                startIcon={<PlayArrowRounded />}
                href={playability.href}
                data-testid="play-rom"
              >
                {t('play:prelaunch.play')}
              </Button>
            ) : playability ? (
              <Typography
                variant="caption"
                color="text.secondary"
                sx={{ textAlign: 'center' }}
                data-testid="play-unavailable"
              >
                {t(playReasonKey(playability.reason))}
              </Typography>
            ) : null}
            <Button
              variant="contained"
              size="large"
              startIcon={<DownloadRounded />}
              data-testid="download-rom"
              onClick={() => startDownload(romContentUrl(rom))}
            >
              {t('details.download')}
            </Button>
            <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
              {rom.files.length > 1
                ? t('details.download-zip', {
                    count: rom.files.length,
                    size: formatBytes(rom.fs_size_bytes),
                  })
                : formatBytes(rom.fs_size_bytes)}
            </Typography>
            {canWrite ? (
              <Button
                variant="outlined"
                startIcon={<TravelExploreRounded />}
                onClick={() => setMatching(true)}
                data-testid="rom-match"
              >
                {t('match.button')}
              </Button>
            ) : null}
            {canWrite ? (
              <Stack direction="row" spacing={1}>
                <Button
                  variant="outlined"
                  startIcon={<EditRounded />}
                  onClick={() => setEditing(true)}
                  data-testid="rom-edit"
                  sx={{ flex: 1 }}
                >
                  {t('actions.edit')}
                </Button>
                <Button
                  variant="outlined"
                  color="error"
                  startIcon={<DeleteRounded />}
                  onClick={() => setDeleting(true)}
                  data-testid="rom-delete"
                  sx={{ flex: 1 }}
                >
                  {t('actions.delete')}
                </Button>
              </Stack>
            ) : null}
          </Stack>
          <Stack spacing={3} sx={{ minWidth: 0 }}>
            <Box>
              <Typography
                variant="h3"
                component="h1"
                data-testid="page-heading"
                sx={{ fontSize: { xs: 28, sm: 36, md: 42 }, wordBreak: 'break-word' }}
              >
                {title}
              </Typography>
              <Stack
                direction="row"
                sx={{ mt: 1.5, gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
              >
                <Chip
                  component={RouterLink}
                  to={`/platform/${String(rom.platform_id)}`}
                  clickable
                  data-testid="rom-platform-link"
                  avatar={
                    <Box
                      sx={{
                        display: 'grid',
                        placeItems: 'center',
                        bgcolor: 'transparent !important',
                      }}
                    >
                      <PlatformIcon
                        platform={{ slug: rom.platform_slug, name: rom.platform_display_name }}
                        size={22}
                      />
                    </Box>
                  }
                  label={rom.platform_display_name}
                />
                {rom.regions.map((region) => {
                  const flag = regionToEmoji(region);
                  return (
                    <Chip
                      key={region}
                      size="small"
                      label={isFlag(flag) ? `${flag} ${region}` : region}
                      data-testid="rom-region"
                    />
                  );
                })}
                {rom.revision ? (
                  <Chip size="small" color="primary" variant="outlined" label={rom.revision} />
                ) : null}
                {rom.missing_from_fs ? (
                  <Chip size="small" color="error" label={t('details.missing')} />
                ) : null}
              </Stack>
              <RomSources rom={rom} />
            </Box>
            {rom.summary ? (
              <MarkdownView
                source={rom.summary}
                testId="rom-summary"
                sx={{ color: 'text.secondary', maxWidth: 900, typography: 'body1' }}
              />
            ) : null}
            <RomVersions rom={rom} onChange={change} />
            <RomMetadata rom={rom} />
            <RomMedia rom={rom} />
            <Section title={t('personal.title')}>
              <PersonalData rom={rom} onChange={change} />
            </Section>
            <RomPlayTime rom={rom} />
            <RomCollections rom={rom} onChange={change} />
            <Section title={t('notes.title')} testId="rom-notes-section">
              <RomNotes rom={rom} onChange={change} />
            </Section>
            <RomAchievements rom={rom} />
            <Section title={t('details.title')}>
              <Box
                sx={{
                  display: 'grid',
                  gridTemplateColumns: {
                    xs: '1fr 1fr',
                    sm: 'repeat(3, minmax(0, 1fr))',
                    xl: 'repeat(4, minmax(0, 1fr))',
                  },
                  gap: 2,
                }}
              >
                <Fact label={t('details.file-name')} testId="rom-fs-name">
                  {rom.fs_name}
                </Fact>
                <Fact label={t('details.size')} testId="rom-size">
                  {formatBytes(rom.fs_size_bytes)}
                </Fact>
                <Fact label={t('details.revision')}>{rom.revision || '-'}</Fact>
                <Fact label={t('details.regions')}>
                  <FlagChips values={rom.regions} toEmoji={regionToEmoji} />
                </Fact>
                <Fact label={t('details.languages')}>
                  <FlagChips values={rom.languages} toEmoji={languageToEmoji} />
                </Fact>
                <Fact label={t('details.tags')}>
                  {rom.tags.length > 0 ? (
                    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                      {rom.tags.map((tag) => (
                        <Chip key={tag} size="small" variant="outlined" label={tag} />
                      ))}
                    </Stack>
                  ) : (
                    '-'
                  )}
                </Fact>
                <Fact label={t('details.added')} testId="rom-added">
                  {formatDate(rom.created_at)}
                </Fact>
                <Fact label={t('details.updated')}>{formatDate(rom.updated_at)}</Fact>
                <Fact label={t('details.path')}>
                  <Box
                    component="span"
                    sx={{ fontFamily: 'ui-monospace, Menlo, Consolas, monospace', fontSize: 12.5 }}
                  >
                    {rom.full_path}
                  </Box>
                </Fact>
              </Box>
            </Section>
            <Section title={t('details.hashes')}>
              <HashList
                crc={rom.crc_hash}
                md5={rom.md5_hash}
                sha1={rom.sha1_hash}
                ra={rom.ra_hash}
              />
            </Section>
            <RomFiles rom={rom} />
            <Section title={t('manual.title')}>
              <RomManual rom={rom} onChange={change} />
            </Section>
          </Stack>
        </Box>
      </Box>
    </Box>
  );
}

/** Game details (SPEC §2): loads the ROM by id unless it is already the current one. */
export function RomDetailsPage() {
  const { rom: id = '' } = useParams();
  const current = useRomStore((state) => state.current);
  const setCurrent = useRomStore((state) => state.setCurrent);
  const cached = isCurrentRom(current, id);
  const query = useRomQuery(id, !cached);

  useEffect(() => {
    if (query.data) setCurrent(query.data);
  }, [query.data, setCurrent]);
  useEffect(() => {
    // SPEC §2: a failure to load the ROM is only logged.
    if (query.error) console.error('Could not load ROM', id, query.error);
  }, [query.error, id]);

  const rom = cached ? current : query.data;
  usePageName(rom ? rom.name || rom.fs_name_no_ext : undefined);
  if (rom) return <RomDetails key={rom.id} rom={rom} />;
  return <RomLoadState loading={query.isPending && !query.isError} error={query.error} />;
}
