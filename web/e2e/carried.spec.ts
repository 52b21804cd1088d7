import fs from 'node:fs';
import path from 'node:path';

import { expect, test } from '@playwright/test';

import { readyAsAdmin } from './fixtures/api-setup.js';
import { axeFindings } from './fixtures/axe.js';
import { ownServerUrl, startOwnServer } from './fixtures/own-server.js';
import type { OwnServer } from './fixtures/own-server.js';

/*
 * What a game carries: a manual uploaded through the upload tray and read in the PDF viewer page
 * by page (pdf.js loaded only then), a second manual added to the game's folder, and a
 * screenshot of the user's own shown in the game's gallery. Own server: the shared one must meet
 * the setup wizard in first-run.spec.ts.
 */
const port = Number(process.env.E2E_CARRIED_PORT ?? Number(process.env.E2E_PORT ?? 3790) + 67);
const baseURL = ownServerUrl(port);
const GAME = 'Carry Quest (USA)';
/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A valid PDF of `pages` pages, each showing its number. */
function pdf(pages: number): Buffer {
  const objects: string[] = [];
  const kids = Array.from({ length: pages }, (_, index) => `${String(4 + index * 2)} 0 R`);
  objects.push('<< /Type /Catalog /Pages 2 0 R >>');
  objects.push(`<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${String(pages)} >>`);
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  for (let index = 0; index < pages; index++) {
    const stream = `BT /F1 48 Tf 100 600 Td (Page ${String(index + 1)}) Tj ET`;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${String(5 + index * 2)} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`,
    );
    objects.push(`<< /Length ${String(stream.length)} >>\nstream\n${stream}\nendstream`);
  }
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${String(index + 1)} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${String(objects.length + 1)}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${String(objects.length + 1)} /Root 1 0 R >>\nstartxref\n${String(xref)}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

let server: OwnServer | undefined;

test.use({ baseURL });

test.beforeAll(async () => {
  server = await startOwnServer('carried', port);
  const folder = path.join(server.dataDir, 'library', 'roms', 'nes', GAME);
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, `${GAME}.nes`), Buffer.alloc(16_400, 7));
});

test.afterAll(() => {
  server?.stop();
});

test('a manual read page by page, a manual file in the game folder, and an own screenshot', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await readyAsAdmin(baseURL, page.context());
  const listed = await page.request.get('/api/roms', { params: { limit: 10 } });
  const rom = ((await listed.json()) as { items: { id: number }[] }).items[0];
  if (rom === undefined) throw new Error('the game was not scanned');

  const pdfjsRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/pdf[.-]/.test(request.url())) pdfjsRequests.push(request.url());
  });
  await page.goto(`/rom/${String(rom.id)}`);
  const manuals = page.getByTestId('rom-manual');

  await test.step('the manual goes up through the upload tray', async () => {
    await manuals.getByTestId('manual-input').setInputFiles({
      name: 'booklet.pdf',
      mimeType: 'application/pdf',
      buffer: pdf(3),
    });
    await expect(
      page.locator('[data-testid="upload-item"][data-filename="booklet.pdf"]'),
    ).toHaveAttribute('data-state', 'finished');
    await expect(manuals.getByTestId('manual-item')).toHaveCount(1);
  });

  await test.step('the viewer loads pdf.js on first use and turns the pages', async () => {
    expect(pdfjsRequests).toEqual([]);
    await manuals.getByTestId('manual-read').click();
    const viewer = page.getByTestId('manual-viewer');
    await expect(viewer.getByTestId('manual-viewer-canvas')).toHaveAttribute('data-page', '1');
    await expect(viewer.getByTestId('manual-viewer-page')).toHaveText('Page 1 of 3');
    await viewer.getByTestId('manual-viewer-next').click();
    await expect(viewer.getByTestId('manual-viewer-canvas')).toHaveAttribute('data-page', '2');
    await viewer.getByTestId('manual-viewer-page-input').fill('3');
    await viewer.getByTestId('manual-viewer-page-input').press('Enter');
    await expect(viewer.getByTestId('manual-viewer-canvas')).toHaveAttribute('data-page', '3');
    await expect(viewer.getByTestId('manual-viewer-next')).toBeDisabled();
    expect(await axeFindings(page)).toEqual([]);
    expect(pdfjsRequests.some((url) => url.includes('pdf.worker'))).toBe(true);
    await viewer.getByTestId('manual-viewer-close').click();
  });

  await test.step("a second manual lands in the game's folder", async () => {
    await manuals.getByTestId('manual-file-input').setInputFiles({
      name: 'Map.pdf',
      mimeType: 'application/pdf',
      buffer: pdf(1),
    });
    await expect(manuals.locator('[data-testid="manual-item"][data-name="Map.pdf"]')).toBeVisible();
    const onDisk = path.join(server?.dataDir ?? '', 'library/roms/nes', GAME, 'manual/Map.pdf');
    expect(fs.existsSync(onDisk)).toBe(true);
  });

  await test.step('an own screenshot shows in the gallery', async () => {
    await page.getByTestId('screenshot-input').setInputFiles({
      name: 'moment.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    const shot = page.getByTestId('rom-screenshot');
    await expect(shot).toHaveCount(1);
    await expect
      .poll(() => shot.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(1);
    await expect(page.getByTestId('own-screenshot')).toHaveAttribute('data-name', 'moment.png');
    expect(await axeFindings(page)).toEqual([]);
  });
});
