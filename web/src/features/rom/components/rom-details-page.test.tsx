import type { DetailedRom, Heartbeat, SimpleRom, User } from '@romshelf/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { usePageNameStore } from '@/lib/page-name';
import { useAuthStore } from '@/shared/stores/auth-store';
import { useHeartbeatStore } from '@/shared/stores/heartbeat-store';
import { ADMIN_USER, HEARTBEAT, clearCookies, createFakeFetch } from '@/test/fake-fetch';
import { createTestI18n } from '@/test/i18n';

import { romKeys } from '@/shared/api/rom-keys';

import { useRomStore } from '../stores/rom-store';
import { RomDetailsPage } from './rom-details-page';

const STAMP = '2026-11-22T00:00:00Z';

function detailedRom(overrides: Partial<DetailedRom> = {}): DetailedRom {
  return {
    id: 7,
    igdb_id: null,
    sgdb_id: null,
    moby_id: null,
    ss_id: null,
    ra_id: null,
    launchbox_id: null,
    hasheous_id: null,
    tgdb_id: null,
    hltb_id: null,
    flashpoint_id: null,
    gamelist_id: null,
    libretro_id: null,
    platform_id: 3,
    platform_slug: 'snes',
    platform_fs_slug: 'snes',
    platform_custom_name: null,
    platform_display_name: 'Super Nintendo',
    fs_name: 'Super Metroid (USA).sfc',
    fs_name_no_tags: 'Super Metroid',
    fs_name_no_ext: 'Super Metroid (USA)',
    fs_extension: 'sfc',
    fs_path: 'roms/snes',
    fs_size_bytes: 3_145_728,
    full_path: 'roms/snes/Super Metroid (USA).sfc',
    name: null,
    name_sort_key: null,
    slug: null,
    summary: null,
    alternative_names: [],
    youtube_video_id: null,
    metadatum: {
      rom_id: 7,
      genres: [],
      franchises: [],
      collections: [],
      companies: [],
      game_modes: [],
      age_ratings: [],
      player_count: '1',
      first_release_date: null,
      average_rating: null,
    },
    igdb_metadata: null,
    moby_metadata: null,
    ss_metadata: null,
    launchbox_metadata: null,
    hasheous_metadata: null,
    flashpoint_metadata: null,
    hltb_metadata: null,
    gamelist_metadata: null,
    manual_metadata: null,
    merged_ra_metadata: null,
    path_cover_small: '',
    path_cover_large: '',
    url_cover: null,
    has_manual: false,
    has_soundtrack: false,
    path_manual: null,
    url_manual: null,
    path_video: null,
    merged_screenshots: [],
    is_identifying: false,
    is_unidentified: true,
    is_identified: false,
    missing_from_fs: false,
    has_notes: false,
    has_simple_single_file: true,
    has_nested_single_file: false,
    has_multiple_files: false,
    revision: null,
    regions: ['USA'],
    languages: [],
    tags: [],
    crc_hash: null,
    md5_hash: null,
    sha1_hash: null,
    ra_hash: null,
    created_at: STAMP,
    updated_at: STAMP,
    rom_user: {
      id: -1,
      user_id: 1,
      rom_id: 7,
      created_at: STAMP,
      updated_at: STAMP,
      last_played: null,
      is_main_sibling: false,
      backlogged: false,
      now_playing: false,
      hidden: false,
      rating: 0,
      difficulty: 0,
      completion: 0,
      status: null,
      is_favorite: false,
    },
    files: [],
    sibling_roms: [],
    user_saves: [],
    user_states: [],
    user_screenshots: [],
    all_user_saves: [],
    all_user_states: [],
    all_user_screenshots: [],
    user_collections: [],
    all_user_notes: [],
    ...overrides,
  };
}

const SCREENSHOTS = ['/a.png', '/b.png', '/c.png'].map((path) => `/assets/romm/resources${path}`);

function achievement(id: number, title: string, points: number, order: number) {
  return {
    ra_id: id,
    title,
    description: `${title} description`,
    points,
    num_awarded: 0,
    num_awarded_hardcore: 0,
    badge_id: String(id),
    display_order: order,
    type: null,
    badge_url: `https://media.example.org/Badge/${String(id)}.png`,
    badge_url_lock: `https://media.example.org/Badge/${String(id)}_lock.png`,
  };
}

const IDENTIFIED = detailedRom({
  name: 'Super Metroid',
  slug: 'super-metroid',
  summary: 'Samus returns to **Zebes**.',
  igdb_id: 1103,
  ss_id: 3180,
  moby_id: 1355,
  ra_id: 1446,
  launchbox_id: 2436,
  hasheous_id: 88,
  is_identified: true,
  is_unidentified: false,
  alternative_names: ['Metroid 3', 'スーパーメトロイド'],
  youtube_video_id: 'abc_12-XYZ',
  merged_screenshots: SCREENSHOTS,
  metadatum: {
    rom_id: 7,
    genres: ['Adventure', 'Platform'],
    franchises: ['Metroid'],
    collections: [],
    companies: ['Intelligent Systems', 'Nintendo'],
    game_modes: ['Single player'],
    age_ratings: ['E'],
    player_count: '1',
    first_release_date: Date.UTC(1994, 2, 19),
    average_rating: 80.55,
  },
  merged_ra_metadata: {
    achievements: [
      achievement(3, 'Ridley Down', 25, 3),
      achievement(1, 'Morph Ball', 5, 1),
      achievement(2, 'Bombs Away', 10, 2),
    ],
  },
});

function raUser(overrides: Partial<User> = {}): User {
  return {
    ...ADMIN_USER,
    role: 'admin',
    ra_username: 'samus',
    ra_progression: {
      total: 2,
      results: [
        {
          rom_ra_id: 99,
          title: 'Other',
          console_name: 'SNES',
          max_possible: 10,
          num_awarded: 10,
          num_awarded_hardcore: 10,
          most_recent_awarded_date: null,
          highest_award_kind: 'mastered',
        },
        {
          rom_ra_id: 1446,
          title: 'Super Metroid',
          console_name: 'SNES',
          max_possible: 40,
          num_awarded: 12,
          num_awarded_hardcore: 8,
          most_recent_awarded_date: '2026-11-20 18:00:00',
          highest_award_kind: null,
        },
      ],
    },
    ...overrides,
  };
}

/** The page of `rom`, already the current ROM unless `current` is false (then it loads). */
async function renderPage(rom: DetailedRom, { client = new QueryClient(), current = true } = {}) {
  if (current) useRomStore.getState().setCurrent(rom);
  const i18n = await createTestI18n();
  const view = render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[`/rom/${String(rom.id)}`]}>
          <Routes>
            <Route path="/rom/:rom" element={<RomDetailsPage />} />
            <Route path="/user/:user" element={<p data-testid="profile">profile</p>} />
          </Routes>
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  // The detail cards' code loads with the details.
  if (current) await screen.findByTestId('rom-notes-section');
  return view;
}

const texts = (testId: string) =>
  screen.getAllByTestId(testId).map((element) => element.textContent);

const chipLabels = (testId: string) =>
  Array.from(screen.getByTestId(testId).querySelectorAll('.MuiChip-label')).map(
    (label) => label.textContent,
  );

describe('game details metadata', () => {
  beforeEach(() => {
    clearCookies();
    // jsdom has no canvas; the Play button's WebGL probe then reports "no WebGL".
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const heartbeat: Heartbeat = {
      ...HEARTBEAT,
      FRONTEND: { ...HEARTBEAT.FRONTEND, YOUTUBE_BASE_URL: 'https://videos.example.org/' },
    };
    useHeartbeatStore.getState().setHeartbeat(heartbeat);
    useAuthStore.getState().setUser(raUser({ ra_username: null, ra_progression: null }));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    useRomStore.getState().setCurrent(null);
    useAuthStore.getState().reset();
  });

  it('shows the facts of an identified game with exact values', async () => {
    await renderPage(IDENTIFIED);
    const metadata = screen.getByTestId('rom-metadata');
    // The Markdown renderer loads with the first text shown.
    await waitFor(() =>
      expect(screen.getByTestId('rom-summary').innerHTML).toContain('<strong>Zebes</strong>'),
    );
    expect(chipLabels('rom-genres')).toEqual(['Adventure', 'Platform']);
    expect(chipLabels('rom-companies')).toEqual(['Intelligent Systems', 'Nintendo']);
    expect(chipLabels('rom-franchises')).toEqual(['Metroid']);
    expect(chipLabels('rom-game-modes')).toEqual(['Single player']);
    expect(chipLabels('rom-age-ratings')).toEqual(['E']);
    expect(screen.getByTestId('rom-release-date').textContent).toBe('03/19/1994');
    expect(screen.getByTestId('rom-average-rating').textContent).toBe('80.55 / 100');
    expect(screen.getByTestId('rom-average-rating').getAttribute('aria-label')).toBe(
      'Rated 80.55 out of 100',
    );
    expect(
      within(screen.getByTestId('rom-alternative-names'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Metroid 3', 'スーパーメトロイド']);
    // Empty lists and the default player count are left out rather than shown as dashes.
    expect(screen.queryByTestId('rom-collections')).toBeNull();
    expect(screen.queryByTestId('rom-player-count')).toBeNull();
    expect(within(metadata).queryByText('-')).toBeNull();
  });

  it('names the game in the tab title (its file name until it is identified), and forgets it on leaving', async () => {
    await renderPage(IDENTIFIED);
    await waitFor(() => expect(usePageNameStore.getState().name).toBe('Super Metroid'));
    cleanup();
    expect(usePageNameStore.getState().name).toBeNull();
    useRomStore.getState().setCurrent(null);
    await renderPage(detailedRom());
    await waitFor(() => expect(usePageNameStore.getState().name).toBe('Super Metroid (USA)'));
  });

  it('shows a short note instead of empty facts for an unidentified game', async () => {
    await renderPage(detailedRom());
    expect(screen.queryByTestId('rom-metadata')).toBeNull();
    expect(screen.getByTestId('rom-metadata-empty').textContent).toBe(
      'About the gameNo metadata source has recognised this game yet, so there are no genres, dates or ratings to show.',
    );
    for (const testId of ['rom-sources', 'rom-screenshots', 'rom-video', 'rom-achievements']) {
      expect(screen.queryByTestId(testId), testId).toBeNull();
    }
  });

  it('links each matched source to its public page in a new tab', async () => {
    await renderPage(IDENTIFIED);
    const sources = screen.getByTestId('rom-sources');
    const links = within(sources).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://www.igdb.com/games/super-metroid',
      'https://www.screenscraper.fr/gameinfos.php?gameid=3180',
      'https://www.mobygames.com/game/1355',
      'https://retroachievements.org/game/1446',
      'https://gamesdb.launchbox-app.com/games/details/2436',
    ]);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(screen.getByTestId('rom-source-igdb').textContent).toBe('IGDB · 1103');
    // Hasheous has no public game page: its id is shown without a link.
    const hasheous = screen.getByTestId('rom-source-hasheous');
    expect(hasheous.textContent).toBe('Hasheous · 88');
    expect(hasheous.tagName).not.toBe('A');
  });

  it('opens screenshots in a lightbox with previous/next, arrow keys and Escape', async () => {
    await renderPage(IDENTIFIED);
    const thumbs = within(screen.getByTestId('rom-screenshots')).getAllByTestId('rom-screenshot');
    expect(thumbs).toHaveLength(3);
    const thumbImage = thumbs[0]?.querySelector('img');
    expect(thumbImage?.getAttribute('loading')).toBe('lazy');
    expect(thumbImage?.getAttribute('width')).toBe('320');
    expect(thumbImage?.getAttribute('height')).toBe('180');

    fireEvent.click(thumbs[1] as HTMLElement);
    const image = () => screen.getByTestId<HTMLImageElement>('rom-lightbox-image');
    expect(image().getAttribute('src')).toBe(SCREENSHOTS[1]);
    expect(screen.getByTestId('rom-lightbox-counter').textContent).toBe('2 / 3');
    fireEvent.click(screen.getByTestId('rom-lightbox-next'));
    expect(image().getAttribute('src')).toBe(SCREENSHOTS[2]);
    fireEvent.click(screen.getByTestId('rom-lightbox-next'));
    expect(image().getAttribute('src')).toBe(SCREENSHOTS[0]);
    expect(screen.getByTestId('rom-lightbox-counter').textContent).toBe('1 / 3');
    fireEvent.click(screen.getByTestId('rom-lightbox-prev'));
    expect(image().getAttribute('src')).toBe(SCREENSHOTS[2]);
    fireEvent.keyDown(image(), { key: 'ArrowLeft' });
    expect(image().getAttribute('src')).toBe(SCREENSHOTS[1]);
    fireEvent.keyDown(image(), { key: 'ArrowRight' });
    expect(image().getAttribute('src')).toBe(SCREENSHOTS[2]);
    expect(image().getAttribute('alt')).toBe('Screenshot 3 of 3');
    fireEvent.keyDown(image(), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('rom-lightbox')).toBeNull());
  });

  it('links the trailer on the configured video site, not an embed', async () => {
    await renderPage(IDENTIFIED);
    const video = screen.getByTestId('rom-video');
    expect(video.getAttribute('href')).toBe('https://videos.example.org/watch?v=abc_12-XYZ');
    expect(video.getAttribute('target')).toBe('_blank');
    expect(video.getAttribute('rel')).toBe('noopener noreferrer');
    expect(video.textContent).toContain('Opens videos.example.org in a new tab');
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('lists achievements in display order with their points', async () => {
    await renderPage(IDENTIFIED);
    const section = screen.getByTestId('rom-achievements');
    expect(texts('rom-achievement-title')).toEqual(['Morph Ball', 'Bombs Away', 'Ridley Down']);
    expect(texts('rom-achievement-points')).toEqual(['5 points', '10 points', '25 points']);
    expect(screen.getByTestId('rom-achievements-total').textContent).toBe(
      '3 achievements · 40 points',
    );
    const badges = Array.from(section.querySelectorAll('img'));
    expect(badges.map((badge) => badge.getAttribute('src'))).toEqual([
      'https://media.example.org/Badge/1.png',
      'https://media.example.org/Badge/2.png',
      'https://media.example.org/Badge/3.png',
    ]);
    // A badge that does not load gives way to a trophy.
    fireEvent.error(badges[1] as HTMLImageElement);
    expect(
      Array.from(section.querySelectorAll('img')).map((badge) => badge.getAttribute('src')),
    ).toEqual(['https://media.example.org/Badge/1.png', 'https://media.example.org/Badge/3.png']);
    expect(section.querySelectorAll('[data-testid="EmojiEventsRoundedIcon"]')).toHaveLength(1);
  });

  it('without a RetroAchievements username, points to the profile page', async () => {
    await renderPage(IDENTIFIED);
    expect(screen.queryByTestId('rom-ra-progress')).toBeNull();
    const link = screen.getByTestId('rom-ra-profile-link');
    expect(link.getAttribute('href')).toBe('/user/1');
    fireEvent.click(link);
    expect(await screen.findByTestId('profile')).toBeTruthy();
  });

  it("shows the user's progress and refreshes it from RetroAchievements", async () => {
    useAuthStore.getState().setUser(raUser());
    const refreshed = raUser();
    const progression = refreshed.ra_progression as { results: Record<string, unknown>[] };
    progression.results[1] = {
      ...progression.results[1],
      num_awarded: 20,
      num_awarded_hardcore: 15,
    };
    const fake = createFakeFetch({
      'POST /api/users/1/ra/refresh': { status: 200, json: refreshed },
    });
    vi.stubGlobal('fetch', fake.fetch);
    await renderPage(IDENTIFIED);

    expect(screen.getByTestId('rom-ra-awarded').textContent).toBe('12 / 40');
    expect(screen.getByTestId('rom-ra-hardcore').textContent).toBe('Hardcore: 8');
    expect(screen.getByTestId('rom-ra-percent').textContent).toBe('30%');
    expect(screen.getByTestId('rom-ra-bar').getAttribute('aria-valuenow')).toBe('30');

    fireEvent.click(screen.getByTestId('rom-ra-refresh'));
    await waitFor(() => expect(screen.getByTestId('rom-ra-awarded').textContent).toBe('20 / 40'));
    expect(screen.getByTestId('rom-ra-hardcore').textContent).toBe('Hardcore: 15');
    expect(screen.getByTestId('rom-ra-percent').textContent).toBe('50%');
    const posts = fake.calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => new URL(call.url, 'http://localhost').pathname)).toEqual([
      '/api/users/1/ra/refresh',
    ]);
    expect(useAuthStore.getState().user?.ra_progression).toEqual(refreshed.ra_progression);
  });

  it('says so when the user has no progress recorded in this game', async () => {
    useAuthStore.getState().setUser(raUser({ ra_progression: { total: 0, results: [] } }));
    await renderPage(IDENTIFIED);
    expect(screen.getByTestId('rom-ra-no-progress').textContent).toBe(
      'No progress recorded for samus in this game yet.',
    );
    expect(screen.getByTestId('rom-ra-refresh')).toBeTruthy();
  });

  it('opened from a list, shows the game from its data at once and the details when they answer', async () => {
    const listed: SimpleRom = { ...IDENTIFIED, screenshot_path: null };
    const client = new QueryClient();
    client.setQueryData(romKeys.recent(), {
      items: [listed],
      total: 1,
      limit: 15,
      offset: 0,
      char_index: {},
    });
    let answer: (response: Response) => void = () => undefined;
    const fetchRom = vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    vi.stubGlobal('fetch', fetchRom);
    await renderPage(IDENTIFIED, { client, current: false });

    expect(screen.getByTestId('page-heading').textContent).toBe('Super Metroid');
    expect(screen.getByTestId('rom-platform-link').textContent).toBe('SNESSuper Nintendo');
    expect(screen.getByTestId('rom-details-loading')).toBeTruthy();
    expect(screen.queryByTestId('rom-fs-name')).toBeNull();
    // One read of the game (an admin's page also reads what is hidden from whom).
    const romReads = fetchRom.mock.calls.filter((call: unknown[]) =>
      String(call[0]).includes('/api/roms/'),
    );
    expect(romReads).toHaveLength(1);

    answer(
      new Response(JSON.stringify(IDENTIFIED), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('rom-fs-name').textContent).toBe('Super Metroid (USA).sfc'),
    );
    expect(screen.queryByTestId('rom-details-loading')).toBeNull();
  });
});
