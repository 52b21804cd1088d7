import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { expect, test } from '@playwright/test';
import type { Download, Page } from '@playwright/test';
import { adminSession, scanLibrary } from './fixtures/api-setup.js';
import { ownServerUrl, startOwnServer } from './fixtures/own-server.js';
import { readZip } from './fixtures/zip.js';
import type { OwnServer } from './fixtures/own-server.js';

/*
 * Select mode's bulk actions in a platform gallery. This file runs its own server (own port,
 * own empty data folder), like the accounts journeys: it sorts before first-run.spec.ts, which
 * must meet the setup wizard of the shared server, and before library.spec.ts, which expects
 * that server's library to be empty until it scans.
 */
const port = Number(process.env.E2E_BULK_PORT ?? Number(process.env.E2E_PORT ?? 3790) + 9);
const baseURL = ownServerUrl(port);

/** Single-file games, in the gallery's name order around the folder game. */
const AMBER = 'Amber Circuit (USA).md';
const BRAMBLE = 'Bramble Knight (Europe).md';
const COBALT = 'Cobalt Reef (Japan).md';
const DUSK = 'Dusk Courier (USA).md';
const FENNEL = 'Fennel Road (USA).md';
/** A game in a folder of two files: it downloads as a zip of them. */
const ECHO = 'Echo Lattice (USA)';
const ECHO_FILES = ['Echo Lattice (USA) (Track 1).bin', 'Echo Lattice (USA) (Track 2).bin'];
const SINGLES = [AMBER, BRAMBLE, COBALT, DUSK, FENNEL];
/** Card titles in gallery order. */
const TITLES = [
  'Amber Circuit',
  'Bramble Knight',
  'Cobalt Reef',
  'Dusk Courier',
  'Echo Lattice',
  'Fennel Road',
];

let server: OwnServer | undefined;
let genesisDir = '';

/** Deterministic, distinct bytes per file. */
function content(name: string): Buffer {
  const size = 1500 + name.length * 37;
  const bytes = Buffer.alloc(size);
  const seed = createHash('sha1').update(name).digest();
  for (let index = 0; index < size; index++) {
    bytes[index] = (seed[index % seed.length] ?? 0) ^ (index & 0xff);
  }
  return bytes;
}

function writeFixtures(): void {
  fs.mkdirSync(path.join(genesisDir, ECHO), { recursive: true });
  for (const name of SINGLES) fs.writeFileSync(path.join(genesisDir, name), content(name));
  for (const name of ECHO_FILES) {
    fs.writeFileSync(path.join(genesisDir, ECHO, name), content(name));
  }
}

test.use({ baseURL });

test.beforeAll(async () => {
  server = await startOwnServer('bulk', port);
  genesisDir = path.join(server.dataDir, 'library', 'roms', 'genesis');
});

test.afterAll(() => {
  server?.stop();
});

interface ListedRom {
  id: number;
  fs_name: string;
  rom_user: { status: string | null; is_favorite: boolean };
}

/** The platform's games through the API, optionally filtered (`selected_status`, `favourite`). */
async function listRoms(
  page: Page,
  platformId: number,
  filter: Record<string, string> = {},
): Promise<ListedRom[]> {
  const response = await page.request.get('/api/roms', {
    params: { platform_id: platformId, limit: 100, ...filter },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: ListedRom[] }).items;
}

async function romUser(page: Page, id: number): Promise<{ status: unknown; is_favorite: unknown }> {
  const response = await page.request.get(`/api/roms/${String(id)}`);
  expect(response.status()).toBe(200);
  const rom = (await response.json()) as { rom_user: { status: unknown; is_favorite: unknown } };
  return { status: rom.rom_user.status, is_favorite: rom.rom_user.is_favorite };
}

async function openGenesis(page: Page): Promise<void> {
  await page.getByTestId('nav-platforms').click();
  await page.getByTestId('drawer-platform-genesis').click();
  await expect(page).toHaveURL(/\/platform\/\d+$/);
}

test('an admin selects games in a gallery and downloads, rates, favourites and deletes them in bulk', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  writeFixtures();
  const session = await adminSession(baseURL);
  await page.context().addCookies(session);

  const card = (title: string) =>
    page
      .getByTestId('rom-card')
      .filter({ has: page.getByTestId('rom-card-title').getByText(title, { exact: true }) });
  const bar = page.getByTestId('bulk-bar');
  const count = bar.getByTestId('bulk-count');
  const message = page.getByTestId('bulk-message');
  let platformId = 0;
  const ids = new Map<string, number>();
  const idOf = (fsName: string): number => {
    const id = ids.get(fsName);
    if (id === undefined) throw new Error(`${fsName} has no id`);
    return id;
  };

  await test.step('a quick scan finds the six Mega Drive games', async () => {
    expect((await scanLibrary(baseURL, session)).new_roms).toBe(6);
    await page.goto('/');
    await openGenesis(page);
    platformId = Number(/\/platform\/(\d+)$/.exec(page.url())?.[1]);
    await expect(page.getByTestId('gallery-count')).toHaveText('6 games');
    await expect(page.getByTestId('rom-card-title')).toHaveText(TITLES);
    for (const rom of await listRoms(page, platformId)) ids.set(rom.fs_name, rom.id);
    expect([...ids.keys()].sort()).toEqual([...SINGLES, ECHO].sort());
  });

  await test.step('select mode counts clicks, shift-click ranges and select all', async () => {
    await expect(bar).toHaveCount(0);
    await page.getByTestId('select-mode').click();
    await expect(page.getByTestId('select-mode')).toHaveAttribute('aria-pressed', 'true');
    await expect(count).toHaveText('Selected: 0');
    for (const action of ['bulk-download', 'bulk-favourite', 'bulk-status', 'bulk-delete']) {
      await expect(bar.getByTestId(action)).toBeDisabled();
    }
    await expect(page.getByTestId('rom-card-check')).toHaveCount(6);

    // A click selects instead of opening the game.
    await card('Amber Circuit').click();
    await expect(page).toHaveURL(/\/platform\/\d+$/);
    await expect(card('Amber Circuit')).toHaveAttribute('data-selected', 'true');
    await expect(count).toHaveText('Selected: 1');
    await card('Cobalt Reef').click({ modifiers: ['Shift'] });
    await expect(count).toHaveText('Selected: 3');
    await expect(
      page.locator('[data-testid="rom-card"][data-selected="true"]').getByTestId('rom-card-title'),
    ).toHaveText(['Amber Circuit', 'Bramble Knight', 'Cobalt Reef']);
    await card('Bramble Knight').click();
    await expect(card('Bramble Knight')).toHaveAttribute('data-selected', 'false');
    await expect(count).toHaveText('Selected: 2');

    const all = bar.getByTestId('bulk-select-all');
    await expect(all).toHaveText('Select all (6)');
    await all.click();
    await expect(count).toHaveText('Selected: 6');
    await expect(page.locator('[data-testid="rom-card"][data-selected="true"]')).toHaveCount(6);
    await expect(bar.getByTestId('bulk-download')).toBeEnabled();

    // Leaving select mode drops the selection.
    await bar.getByTestId('bulk-exit').click();
    await expect(bar).toHaveCount(0);
    await expect(page.getByTestId('rom-card-check')).toHaveCount(0);
    await expect(page.locator('[data-testid="rom-card"][data-selected]')).toHaveCount(0);
    await page.getByTestId('select-mode').click();
    await expect(count).toHaveText('Selected: 0');
  });

  await test.step('bulk download starts one download per selected game, byte for byte', async () => {
    for (const title of ['Amber Circuit', 'Cobalt Reef', 'Echo Lattice']) await card(title).click();
    await expect(count).toHaveText('Selected: 3');
    const downloads: Download[] = [];
    page.on('download', (download) => downloads.push(download));
    await bar.getByTestId('bulk-download').click();
    await expect(message).toHaveText('Starting downloads: 3');
    await expect.poll(() => downloads.length, { timeout: 15_000 }).toBe(3);
    expect(downloads.map((download) => download.suggestedFilename())).toEqual([
      AMBER,
      COBALT,
      `${ECHO}.zip`,
    ]);
    const saved: string[] = [];
    for (const [index, download] of downloads.entries()) {
      expect(await download.failure()).toBeNull();
      const file = testInfo.outputPath(`bulk-${String(index)}-${download.suggestedFilename()}`);
      await download.saveAs(file);
      saved.push(file);
    }
    expect(fs.readFileSync(saved[0] ?? '').equals(content(AMBER))).toBe(true);
    expect(fs.readFileSync(saved[1] ?? '').equals(content(COBALT))).toBe(true);
    const zipped = await readZip(saved[2] ?? '');
    // As in RomM, a multi-file game without a playlist gets one (no cue sheet: every file).
    expect([...zipped.keys()].sort()).toEqual([...ECHO_FILES, 'Echo Lattice (USA).m3u']);
    for (const name of ECHO_FILES) expect(zipped.get(name)?.equals(content(name))).toBe(true);
    expect(zipped.get('Echo Lattice (USA).m3u')?.toString('utf8')).toBe(
      `${ECHO_FILES.join('\n')}\n`,
    );
    // Exactly the selected games: nothing else was downloaded.
    expect(downloads).toHaveLength(3);
    await expect(count).toHaveText('Selected: 3');
  });

  await test.step('bulk status Finished marks exactly the selected cards', async () => {
    await bar.getByTestId('bulk-status').click();
    await page.getByTestId('status-menu').getByTestId('status-option-finished').click();
    await expect(page.getByTestId('status-menu')).toHaveCount(0);
    await expect(message).toHaveText('Updated: 3');
    for (const title of ['Amber Circuit', 'Cobalt Reef', 'Echo Lattice']) {
      await expect(card(title).getByTestId('rom-card-status')).toHaveAttribute(
        'data-status',
        'finished',
      );
    }
    for (const title of ['Bramble Knight', 'Dusk Courier', 'Fennel Road']) {
      await expect(card(title).getByTestId('rom-card-status')).toHaveCount(0);
    }
  });

  await test.step('bulk favourite adds, tops up a mixed selection, and removes', async () => {
    const favourite = bar.getByTestId('bulk-favourite');
    await expect(favourite).toHaveAttribute('aria-label', 'Add to favourites');
    await favourite.click();
    await expect(favourite).toHaveAttribute('aria-label', 'Remove from favourites');
    await expect(page.getByTestId('rom-card-favourite')).toHaveCount(3);

    // Cobalt out, Dusk in: not all favourites, so the action adds.
    await card('Cobalt Reef').click();
    await card('Dusk Courier').click();
    await expect(count).toHaveText('Selected: 3');
    await expect(favourite).toHaveAttribute('aria-label', 'Add to favourites');
    await favourite.click();
    await expect(card('Dusk Courier').getByTestId('rom-card-favourite')).toBeVisible();
    await expect(favourite).toHaveAttribute('aria-label', 'Remove from favourites');

    // Only Dusk left selected: all favourites, so the action removes.
    await card('Amber Circuit').click();
    await card('Echo Lattice').click();
    await expect(count).toHaveText('Selected: 1');
    await favourite.click();
    await expect(message).toHaveText('Updated: 1');
    await expect(card('Dusk Courier').getByTestId('rom-card-favourite')).toHaveCount(0);
    await expect(favourite).toHaveAttribute('aria-label', 'Add to favourites');
    const favourites = page
      .getByTestId('rom-card')
      .filter({ has: page.getByTestId('rom-card-favourite') });
    await expect(favourites.getByTestId('rom-card-title')).toHaveText([
      'Amber Circuit',
      'Cobalt Reef',
      'Echo Lattice',
    ]);
  });

  await test.step('the server holds exactly the status and favourites that were set', async () => {
    const marked = [AMBER, COBALT, ECHO];
    for (const name of [...SINGLES, ECHO]) {
      expect(await romUser(page, idOf(name)), name).toEqual(
        marked.includes(name)
          ? { status: 'finished', is_favorite: true }
          : { status: null, is_favorite: false },
      );
    }
    const sortedIds = (roms: ListedRom[]) => roms.map((rom) => rom.id).sort((a, b) => a - b);
    const expected = marked.map(idOf).sort((a, b) => a - b);
    expect(sortedIds(await listRoms(page, platformId, { selected_status: 'finished' }))).toEqual(
      expected,
    );
    expect(sortedIds(await listRoms(page, platformId, { favourite: 'true' }))).toEqual(expected);
  });

  await test.step('after a reload, the cards and the home rail show the marks', async () => {
    await page.reload();
    await expect(page.getByTestId('gallery-count')).toHaveText('6 games');
    await expect(
      page
        .getByTestId('rom-card')
        .filter({ has: page.locator('[data-testid="rom-card-status"][data-status="finished"]') })
        .getByTestId('rom-card-title'),
    ).toHaveText(['Amber Circuit', 'Cobalt Reef', 'Echo Lattice']);
    await expect(page.getByTestId('rom-card-favourite')).toHaveCount(3);

    await page.getByTestId('nav-home').click();
    const rail = page.getByTestId('home-recent');
    await expect(rail.getByTestId('rom-card')).toHaveCount(6);
    for (const title of ['Amber Circuit', 'Cobalt Reef', 'Echo Lattice']) {
      const railCard = rail
        .getByTestId('rom-card')
        .filter({ has: page.getByTestId('rom-card-title').getByText(title, { exact: true }) });
      await expect(railCard.getByTestId('rom-card-status')).toHaveText('🏁');
      await expect(railCard.getByTestId('rom-card-favourite')).toBeVisible();
    }
    await expect(rail.getByTestId('rom-card-status')).toHaveCount(3);
    await expect(rail.getByTestId('rom-card-favourite')).toHaveCount(3);
  });

  await test.step('bulk delete from the library only keeps the files on disk', async () => {
    await openGenesis(page);
    await expect(page.getByTestId('gallery-count')).toHaveText('6 games');
    await page.getByTestId('select-mode').click();
    await card('Amber Circuit').click();
    await card('Bramble Knight').click();
    await expect(count).toHaveText('Selected: 2');
    await bar.getByTestId('bulk-delete').click();
    const dialog = page.getByTestId('delete-roms-dialog');
    await expect(dialog.getByRole('heading')).toHaveText('Delete 2 games?');
    await expect(dialog.getByTestId('delete-from-disk')).not.toBeChecked();
    await expect(dialog.getByTestId('delete-disk-paths')).toHaveCount(0);
    await expect(dialog.getByTestId('delete-confirm')).toHaveText('Delete from library');
    await dialog.getByTestId('delete-confirm').click();
    await expect(dialog).toHaveCount(0);

    await expect(page.getByTestId('gallery-count')).toHaveText('4 games');
    await expect(page.getByTestId('rom-card-title')).toHaveText([
      'Cobalt Reef',
      'Dusk Courier',
      'Echo Lattice',
      'Fennel Road',
    ]);
    await expect(count).toHaveText('Selected: 0');
    for (const name of [AMBER, BRAMBLE]) {
      expect((await page.request.get(`/api/roms/${String(idOf(name))}`)).status()).toBe(404);
      expect(fs.readFileSync(path.join(genesisDir, name)).equals(content(name))).toBe(true);
    }
    expect((await listRoms(page, platformId)).map((rom) => rom.fs_name).sort()).toEqual(
      [COBALT, DUSK, ECHO, FENNEL].sort(),
    );
  });

  await test.step('bulk delete with files removes the file and the game folder', async () => {
    await card('Echo Lattice').click();
    await card('Fennel Road').click();
    await expect(count).toHaveText('Selected: 2');
    await bar.getByTestId('bulk-delete').click();
    const dialog = page.getByTestId('delete-roms-dialog');
    await dialog.getByTestId('delete-from-disk').check();
    await expect(dialog.getByTestId('delete-disk-path')).toHaveText([
      `roms/genesis/${ECHO}`,
      `roms/genesis/${FENNEL}`,
    ]);
    await expect(dialog.getByTestId('delete-confirm')).toHaveText('Delete with files');
    await dialog.getByTestId('delete-confirm').click();
    await expect(dialog).toHaveCount(0);

    await expect(page.getByTestId('gallery-count')).toHaveText('2 games');
    await expect(page.getByTestId('rom-card-title')).toHaveText(['Cobalt Reef', 'Dusk Courier']);
    await expect(count).toHaveText('Selected: 0');
    for (const name of [ECHO, FENNEL]) {
      expect((await page.request.get(`/api/roms/${String(idOf(name))}`)).status()).toBe(404);
    }
    expect(fs.existsSync(path.join(genesisDir, ECHO))).toBe(false);
    expect(fs.existsSync(path.join(genesisDir, FENNEL))).toBe(false);
    expect(fs.readdirSync(genesisDir).sort()).toEqual([AMBER, BRAMBLE, COBALT, DUSK].sort());
  });

  await test.step('a later scan adds the kept files again, without their old marks', async () => {
    expect((await scanLibrary(baseURL, session)).new_roms).toBe(2);
    await page.reload();
    await expect(page.getByTestId('gallery-count')).toHaveText('4 games');
    await expect(page.getByTestId('rom-card-title')).toHaveText([
      'Amber Circuit',
      'Bramble Knight',
      'Cobalt Reef',
      'Dusk Courier',
    ]);
    const amber = (await listRoms(page, platformId)).find((rom) => rom.fs_name === AMBER);
    expect(await romUser(page, amber?.id ?? 0)).toEqual({ status: null, is_favorite: false });
    await expect(card('Amber Circuit').getByTestId('rom-card-status')).toHaveCount(0);
    await expect(card('Cobalt Reef').getByTestId('rom-card-status')).toHaveAttribute(
      'data-status',
      'finished',
    );
  });
});
