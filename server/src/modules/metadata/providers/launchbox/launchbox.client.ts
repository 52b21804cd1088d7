import { MATCH_THRESHOLDS, searchTermFor } from '../../matcher.js';
import type { NameProvider, ProviderGame, ProviderPlatform } from '../provider.js';
import { asNumber, dateToMs, emptyGame, uniqueStrings, youtubeId } from '../provider.js';
import type { LaunchboxGameRow, LaunchboxImageRow, LaunchboxIndex } from './launchbox.index.js';

const COVER_TYPES = [
  'Box - Front',
  'Box - Front - Reconstructed',
  'Fanart - Box - Front',
  'Box - 3D',
  'Amazon Poster',
  'Epic Games Poster',
  'GOG Poster',
  'Steam Poster',
];

const REGION_NAMES: Readonly<Record<string, string>> = {
  us: 'North America',
  eu: 'Europe',
  jp: 'Japan',
  wor: 'World',
};

/** Maps a dump record with its images and alternate names. */
export function mapLaunchboxGame(
  row: LaunchboxGameRow,
  images: readonly LaunchboxImageRow[],
  alternateNames: readonly string[],
  imageBaseUrl: string,
  regions: readonly string[] = ['us'],
): ProviderGame {
  const fields = JSON.parse(row.data) as Record<string, string>;
  const game = emptyGame('launchbox', row.database_id, row.name);
  game.alternativeNames = uniqueStrings(alternateNames).filter((alt) => alt !== row.name);
  game.summary = fields.Overview ?? null;
  const regionNames = regions.map((region) => REGION_NAMES[region]).filter(Boolean);
  let cover: LaunchboxImageRow | undefined;
  for (const type of COVER_TYPES) {
    const ofType = images.filter((image) => image.type === type);
    cover =
      ofType.find((image) => image.region !== null && regionNames.includes(image.region)) ??
      ofType.find((image) => image.region === null) ??
      ofType[0];
    if (cover !== undefined) break;
  }
  game.urlCover = cover === undefined ? null : `${imageBaseUrl}/${cover.file_name}`;
  game.urlScreenshots = images
    .filter((image) => image.type.includes('Screenshot'))
    .map((image) => `${imageBaseUrl}/${image.file_name}`);
  game.youtubeVideoId = youtubeId(fields.VideoURL ?? null);
  game.genres = uniqueStrings((fields.Genres ?? '').split(/[;,]/));
  game.companies = uniqueStrings([fields.Publisher, fields.Developer]);
  const esrb = fields.ESRB?.split(' - ')[0]?.trim() ?? null;
  game.ageRatings = uniqueStrings([esrb]);
  game.firstReleaseDate = dateToMs(fields.ReleaseDate ?? null);
  const community = asNumber(fields.CommunityRating);
  game.rating = community === null ? null : community * 20;
  game.playerCount =
    fields.MaxPlayers !== undefined && fields.MaxPlayers !== '1' ? `1-${fields.MaxPlayers}` : null;
  game.raw = {
    first_release_date: game.firstReleaseDate === null ? null : game.firstReleaseDate / 1000,
    max_players: Number(fields.MaxPlayers ?? 0) || null,
    release_type: fields.ReleaseType ?? null,
    cooperative: fields.Cooperative === 'true',
    youtube_video_id: game.youtubeVideoId,
    community_rating: community,
    community_rating_count: Number(fields.CommunityRatingCount ?? 0) || null,
    wikipedia_url: fields.WikipediaURL ?? null,
    esrb,
    genres: game.genres,
    companies: game.companies,
    images: images.map((image) => ({
      url: `${imageBaseUrl}/${image.file_name}`,
      type: image.type,
      region: image.region,
    })),
  };
  return game;
}

/** Article-inverted forms: "legend of zelda, the: x" → "the legend of zelda: x". */
function nameForms(term: string): string[] {
  const forms = [term, term.toLowerCase()];
  const inverted = /^(.*?),\s*(the|a|an)(\b.*)$/i.exec(term);
  if (inverted !== null) forms.push(`${inverted[2]} ${inverted[1]}${inverted[3]}`.toLowerCase());
  return forms;
}

/** LaunchBox from the local dump: exact key lookups on the ROM's platform, no fuzzy scoring. */
export class LaunchboxClient implements NameProvider {
  readonly source = 'launchbox' as const;
  readonly threshold = MATCH_THRESHOLDS.launchbox;

  constructor(
    private readonly index: LaunchboxIndex,
    private readonly imageBaseUrl = 'https://images.launchbox-app.com',
  ) {}

  supports(platform: ProviderPlatform): boolean {
    return platform.launchboxName !== null;
  }

  termFor(nameNoTags: string): string {
    return searchTermFor('launchbox', nameNoTags);
  }

  /** Healthy once the dump is imported. */
  async heartbeat(): Promise<boolean> {
    return !(await this.index.isEmpty());
  }

  private async full(row: LaunchboxGameRow): Promise<ProviderGame> {
    const [images, alts] = await Promise.all([
      this.index.images(row.database_id),
      this.index.alternateNames(row.database_id),
    ]);
    return mapLaunchboxGame(row, images, alts, this.imageBaseUrl);
  }

  async byId(id: number): Promise<ProviderGame | null> {
    await this.index.ensureLoaded();
    const row = await this.index.byId(id);
    return row === undefined ? null : this.full(row);
  }

  async search(term: string, platform: ProviderPlatform, wide: boolean): Promise<ProviderGame[]> {
    if (platform.launchboxName === null || wide || term.trim() === '') return [];
    await this.index.ensureLoaded();
    const rows = await this.index.findByNames(nameForms(term), platform.launchboxName);
    return Promise.all(rows.slice(0, 20).map((row) => this.full(row)));
  }
}
