import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import type { DetailedRom } from '@romshelf/contract';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

interface Source {
  key: string;
  name: string;
  id: (rom: DetailedRom) => number | null;
  /** The provider's public page for the game, where it has a stable address. */
  url: (id: number, rom: DetailedRom) => string | null;
}

const SOURCES: readonly Source[] = [
  {
    key: 'igdb',
    name: 'IGDB',
    id: (rom) => rom.igdb_id,
    // IGDB pages are addressed by slug; the merged slug is IGDB's whenever IGDB matched.
    url: (_id, rom) =>
      rom.slug ? `https://www.igdb.com/games/${encodeURIComponent(rom.slug)}` : null,
  },
  {
    key: 'ss',
    name: 'ScreenScraper',
    id: (rom) => rom.ss_id,
    url: (id) => `https://www.screenscraper.fr/gameinfos.php?gameid=${String(id)}`,
  },
  {
    key: 'moby',
    name: 'MobyGames',
    id: (rom) => rom.moby_id,
    url: (id) => `https://www.mobygames.com/game/${String(id)}`,
  },
  {
    key: 'ra',
    name: 'RetroAchievements',
    id: (rom) => rom.ra_id,
    url: (id) => `https://retroachievements.org/game/${String(id)}`,
  },
  {
    key: 'launchbox',
    name: 'LaunchBox',
    id: (rom) => rom.launchbox_id,
    url: (id) => `https://gamesdb.launchbox-app.com/games/details/${String(id)}`,
  },
  { key: 'hasheous', name: 'Hasheous', id: (rom) => rom.hasheous_id, url: () => null },
  {
    key: 'sgdb',
    name: 'SteamGridDB',
    id: (rom) => rom.sgdb_id,
    url: (id) => `https://www.steamgriddb.com/game/${String(id)}`,
  },
  {
    key: 'tgdb',
    name: 'TheGamesDB',
    id: (rom) => rom.tgdb_id,
    url: (id) => `https://thegamesdb.net/game.php?id=${String(id)}`,
  },
];

/** The metadata sources that know this game, with their ids and links to their pages. */
export function RomSources({ rom }: { rom: DetailedRom }) {
  const { t } = useTranslation('rom');
  const matched = SOURCES.flatMap((source) => {
    const id = source.id(rom);
    return id === null
      ? []
      : [{ key: source.key, name: source.name, id, href: source.url(id, rom) }];
  });
  if (matched.length === 0) return null;
  return (
    <Stack
      direction="row"
      data-testid="rom-sources"
      sx={{ mt: 1.5, gap: 0.75, flexWrap: 'wrap', alignItems: 'center' }}
    >
      <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.6, mr: 0.5 }}>
        {t('sources.title')}
      </Typography>
      {matched.map((source) => {
        const label = `${source.name} · ${String(source.id)}`;
        return source.href ? (
          <Chip
            key={source.key}
            component="a"
            href={source.href}
            target="_blank"
            rel="noopener noreferrer"
            clickable
            size="small"
            variant="outlined"
            label={label}
            icon={<OpenInNewRounded />}
            aria-label={t('sources.open', { name: source.name, id: source.id })}
            data-testid={`rom-source-${source.key}`}
            sx={{ '& .MuiChip-icon': { fontSize: 15, order: 1, ml: -0.5, mr: 0.75 } }}
          />
        ) : (
          <Chip
            key={source.key}
            size="small"
            variant="outlined"
            label={label}
            data-testid={`rom-source-${source.key}`}
          />
        );
      })}
    </Stack>
  );
}
