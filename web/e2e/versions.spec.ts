import fs from 'node:fs';
import path from 'node:path';

import { expect, test } from '@playwright/test';

import { readyAsAdmin } from './fixtures/api-setup.js';
import { ownServerUrl, startOwnServer } from './fixtures/own-server.js';
import type { OwnServer } from './fixtures/own-server.js';
import { reviewShot } from './fixtures/review-shot.js';

/*
 * Games of one name told apart by their file-name tags, without metadata, and loose discs
 * combined into one game. Its own server: these games stay out of the shared library.
 */
const port = Number(process.env.E2E_VERSIONS_PORT ?? Number(process.env.E2E_PORT ?? 3790) + 41);
let server: OwnServer | undefined;

test.use({ baseURL: ownServerUrl(port) });

test.beforeAll(async () => {
  server = await startOwnServer('versions', port);
  const roms = path.join(server.dataDir, 'library', 'roms');
  const files = [
    'nes/Super Mario Bros. 3 (USA).nes',
    'nes/Super Mario Bros. 3 (USA) (Rev 1).nes',
    'nes/Super Mario Bros. 3 (Europe) (Beta).nes',
    'nes/Tetris (USA, Europe, Japan) (En,Fr,De).nes',
    'psx/Final Fantasy VII (USA) (Disc 1).chd',
    'psx/Final Fantasy VII (USA) (Disc 2).chd',
    'psx/Final Fantasy VII (USA) (Disc 3).chd',
  ];
  files.forEach((name, index) => {
    fs.mkdirSync(path.dirname(path.join(roms, name)), { recursive: true });
    fs.writeFileSync(path.join(roms, name), Buffer.alloc(2048 + index, index + 1));
  });
});

test.afterAll(() => {
  server?.stop();
});

const SIZES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

test('versions of one name show their tags, group offline, and loose discs combine', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await readyAsAdmin(ownServerUrl(port), page.context());
  const platforms = (await (await page.request.get('/api/platforms')).json()) as {
    id: number;
    fs_slug: string;
  }[];
  const idOf = (slug: string) => platforms.find((item) => item.fs_slug === slug)?.id ?? 0;

  await test.step('grouped by file-name family: one card per game, its versions behind it', async () => {
    await page.goto(`/platform/${String(idOf('nes'))}`);
    await page.getByTestId('view-big').click();
    await expect(page.getByTestId('rom-card')).toHaveCount(2);
    await expect(page.getByTestId('rom-card-versions')).toHaveAttribute('data-count', '3');
  });

  await test.step('one card per file: the tags tell the three apart, the flags fit', async () => {
    await page.getByTestId('group-roms').click();
    const cards = page.getByTestId('rom-card');
    await expect(cards).toHaveCount(4);
    await expect(page.getByTestId('rom-version-tags')).toHaveText(['Beta', 'Rev 1']);
    const tetris = cards.filter({ hasText: 'Tetris' });
    await expect(tetris.getByTestId('rom-regions')).toHaveText('🇺🇸 🇪🇺+1');
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await reviewShot(page, { name: `${size.name}-cards.png` });
    }
    // On a phone the toolbar wraps rather than cutting the count to "4 ga…".
    const count = page.getByTestId('gallery-count');
    await expect(count).toHaveText('4 games');
    expect(await count.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(
      true,
    );
    await page.getByTestId('view-small').click();
    await expect(page.getByTestId('rom-version-tags')).toHaveText(['Beta', 'Rev 1']);
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await reviewShot(page, { name: `${size.name}-small-cards.png` });
    }
    await page.setViewportSize(SIZES[0]);
    await page.getByTestId('view-list').click();
    await expect(page.getByTestId('rom-row').getByTestId('rom-version-tags')).toHaveText([
      'Beta',
      'Rev 1',
    ]);
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await reviewShot(page, { name: `${size.name}-rows.png` });
    }
    await page.setViewportSize(SIZES[0]);
    await page.getByTestId('view-big').click();
    await page.getByTestId('group-roms').click();
  });

  await test.step('the loose discs are offered as one game, combined in one click', async () => {
    await page.goto(`/platform/${String(idOf('psx'))}`);
    const card = page.getByTestId('rom-card-wrap');
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('rom-card-versions')).toHaveAttribute('data-count', '3');
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await reviewShot(page, { name: `${size.name}-discs.png` });
    }
    await page.setViewportSize(SIZES[0]);
    await card.getByTestId('rom-card-combine-discs').click();
    await expect(page.getByTestId('rom-card-combine-discs')).toHaveCount(0);
    await expect(page.getByTestId('rom-card-versions')).toHaveCount(0);
    await expect(page.getByTestId('rom-card-title')).toHaveText('Final Fantasy VII');
    const m3u = path.join(server?.dataDir ?? '', 'library/roms/psx/Final Fantasy VII (USA).m3u');
    expect(fs.readFileSync(m3u, 'utf8')).toBe(
      [1, 2, 3].map((disc) => `Final Fantasy VII (USA) (Disc ${String(disc)}).chd\n`).join(''),
    );
    // The one game boots its playlist (the player switches discs), or a disc of choice.
    const id = await page.getByTestId('rom-card').getAttribute('data-rom-id');
    await page.route('**/emulatorjs/loader.js', (route) => route.abort());
    await page.goto(`/rom/${String(id)}/ejs`);
    const select = page.getByTestId('player-disc').getByRole('combobox');
    await expect(select).toHaveText('Final Fantasy VII (USA).m3u');
    await select.click();
    await expect(page.getByTestId('player-disc-option')).toHaveText([
      'Final Fantasy VII (USA).m3uPlaylist of every disc',
      'Final Fantasy VII (USA) (Disc 1).chdDisc 1',
      'Final Fantasy VII (USA) (Disc 2).chdDisc 2',
      'Final Fantasy VII (USA) (Disc 3).chdDisc 3',
    ]);
  });
});
