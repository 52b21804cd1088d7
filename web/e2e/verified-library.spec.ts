import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';

import { expect, test } from '@playwright/test';

import { readyAsAdmin } from './fixtures/api-setup.js';
import { ownServerUrl, startOwnServer } from './fixtures/own-server.js';
import type { OwnServer } from './fixtures/own-server.js';

/*
 * #38, a verified library: a No-Intro DAT uploaded in library management verifies the Game Boy
 * Advance games, the platform shows how complete the set is, the missing games can be listed
 * and exported, and a game under another name is renamed to its DAT name.
 */
const port = Number(process.env.E2E_PORT ?? 3790) + 91;
let server: OwnServer | undefined;

test.use({ baseURL: ownServerUrl(port) });

const FILES = {
  'Alpha (USA).gba': Buffer.alloc(4096, 1),
  'beta.gba': Buffer.alloc(4096, 2),
};

/** A Logiqx DAT entry for bytes, or for a game the library lacks (made-up hashes). */
function entry(game: string, bytes: Buffer | null): string {
  const data = bytes ?? Buffer.from(game);
  const crc = crc32(data).toString(16).padStart(8, '0');
  const sha1 = createHash('sha1').update(data).digest('hex');
  return `<game name="${game}"><description>${game}</description>
    <rom name="${game}.gba" size="${String(data.length)}" crc="${crc}" sha1="${sha1}"/></game>`;
}

const DAT = `<?xml version="1.0"?>
<datafile><header><name>Nintendo - Game Boy Advance</name>
<description>Nintendo - Game Boy Advance</description><version>20261129</version></header>
${entry('Alpha (USA)', FILES['Alpha (USA).gba'])}
${entry('Beta (Europe)', FILES['beta.gba'])}
${entry('Gamma (USA)', null)}
${entry('Delta (Japan)', null)}
</datafile>`;

test.beforeAll(async () => {
  server = await startOwnServer('verified-library', port);
  const folder = path.join(server.dataDir, 'library', 'roms', 'gba');
  fs.mkdirSync(folder, { recursive: true });
  for (const [name, bytes] of Object.entries(FILES))
    fs.writeFileSync(path.join(folder, name), bytes);
});

test.afterAll(() => {
  server?.stop();
});

test('a DAT verifies the library, shows its completeness and missing games, renames to the DAT name', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await readyAsAdmin(ownServerUrl(port), page.context());
  const platforms = (await (await page.request.get('/api/platforms')).json()) as {
    id: number;
    fs_slug: string;
  }[];
  const gba = platforms.find((item) => item.fs_slug === 'gba')?.id ?? 0;

  await test.step('upload the DAT in library management: it binds to the platform', async () => {
    await page.goto('/library-management');
    await page.getByTestId('dat-upload-input').setInputFiles({
      name: 'Nintendo - Game Boy Advance (20261129).dat',
      mimeType: 'application/xml',
      buffer: Buffer.from(DAT),
    });
    const card = page.getByTestId('dat-files-card');
    await expect(card.getByText('Nintendo - Game Boy Advance').first()).toBeVisible({
      timeout: 30_000,
    });
    await expect(card.locator('[data-testid^="dat-platform-"]')).toHaveValue(String(gba));
  });

  await test.step('the verification task runs and ends in the task history', async () => {
    await page.goto('/administration/tasks');
    await page.getByTestId('task-verify_dats').getByTestId('task-run').click();
    const row = page.getByTestId('task-history-row').first();
    await expect(row).toHaveAttribute('data-task', 'verify_dats');
    await expect(row.getByTestId('task-history-status')).toHaveText('Finished', {
      timeout: 30_000,
    });
  });

  await test.step('the platform shows how complete the set is, by region', async () => {
    await page.goto(`/platform/${String(gba)}`);
    const figure = page.getByTestId('completeness-figure');
    await expect(figure).toHaveText('You have 2 of 4 games of Nintendo - Game Boy Advance');
    await page.locator('[data-testid^="completeness-region-"]').selectOption('USA');
    await expect(figure).toHaveText('You have 1 of 2 games of Nintendo - Game Boy Advance (USA)');
  });

  await test.step('the missing games list, its search and its fixdat', async () => {
    await page.locator('[data-testid^="completeness-region-"]').selectOption('');
    await page.getByTestId('completeness-missing-button').click();
    await expect(page.getByTestId('missing-game')).toHaveText([
      /^Delta \(Japan\)/,
      /^Gamma \(USA\)/,
    ]);
    await page.getByTestId('missing-games-search').fill('gam');
    await expect(page.getByTestId('missing-game')).toHaveText([/^Gamma \(USA\)/]);
    const href = (await page.getByTestId('missing-games-fixdat').getAttribute('href')) ?? '';
    const fixdat = await (await page.request.get(href)).text();
    expect(fixdat).toContain('<name>Fix_Nintendo - Game Boy Advance</name>');
    expect(fixdat).toContain('<game name="Gamma (USA)">');
    expect(fixdat).not.toContain('Delta (Japan)');
    await page.keyboard.press('Escape');
  });

  await test.step('the game page shows its badge and renames it to its DAT name', async () => {
    const list = (await (
      await page.request.get(`/api/roms?platform_ids=${String(gba)}`)
    ).json()) as { items: { id: number; fs_name: string }[] };
    const beta = list.items.find((rom) => rom.fs_name === 'beta.gba')?.id ?? 0;
    await page.goto(`/rom/${String(beta)}`);
    const section = page.getByTestId('rom-dat-verification');
    await expect(section.getByTestId('rom-dat-badge')).toHaveText(
      'Verified under another name · Nintendo - Game Boy Advance',
    );
    await section.getByTestId('rom-dat-rename').click();
    await expect(section.getByTestId('rom-dat-badge')).toHaveText(
      'Verified · Nintendo - Game Boy Advance',
      { timeout: 15_000 },
    );
    await expect(section.getByTestId('rom-dat-rename')).toHaveCount(0);
    expect(
      fs.existsSync(path.join(server?.dataDir ?? '', 'library/roms/gba/Beta (Europe).gba')),
    ).toBe(true);
    expect(fs.existsSync(path.join(server?.dataDir ?? '', 'library/roms/gba/beta.gba'))).toBe(
      false,
    );
    await page.goto(`/platform/${String(gba)}`);
    await expect(page.getByTestId('completeness-figure')).toHaveText(
      'You have 2 of 4 games of Nintendo - Game Boy Advance',
    );
  });
});
