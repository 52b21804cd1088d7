import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

import type { Platform, RomListPage } from '@romshelf/contract';
import type { FastifyInstance } from 'fastify';

import type { TestAppOptions } from './build-test-app.js';
import { ADMIN_AUTH, buildTestApp, createFirstAdmin, login } from './build-test-app.js';
import { scanLibrary, writeTree } from './library-fixtures.js';

/** Every file under a folder, relative, sorted (to prove nothing else was written). */
export function filesUnder(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const relative = `${prefix}${entry.name}`;
      if (entry.isDirectory()) walk(path.join(dir, entry.name), `${relative}/`);
      else found.push(relative);
    }
  };
  if (existsSync(root)) walk(root, '');
  return found.sort();
}

/** A multipart/form-data body holding one file part. */
export function multipart(content: Buffer | string, field = 'file', fileName = 'upload.bin') {
  const boundary = '----romshelf-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    typeof content === 'string' ? Buffer.from(content) : content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** An app with an admin and a scanned library (a NES game, a PSX disc folder), its platform ids and ROM ids. */
export async function setupManagedLibrary(options: TestAppOptions = {}) {
  const test = await buildTestApp(options);
  await createFirstAdmin(test.app);
  writeTree(test.config.libraryDir, {
    'roms/nes/Existing (USA).nes': 'existing-bytes',
    'roms/psx/Disc Game (USA)/Disc Game (Disc 1).cue': 'cue',
    'roms/psx/Disc Game (USA)/Disc Game (Disc 1).bin': 'bin',
    'roms/psx/Disc Game (USA)/extras/readme.txt': 'readme',
  });
  const session = await login(test.app);
  await scanLibrary(test.app, session);
  const platforms = (
    await test.app.inject({ url: '/api/platforms', headers: { authorization: ADMIN_AUTH } })
  ).json<Platform[]>();
  const id = (slug: string) => platforms.find((platform) => platform.fs_slug === slug)?.id ?? 0;
  const roms = (
    await test.app.inject({ url: '/api/roms?limit=100', headers: { authorization: ADMIN_AUTH } })
  ).json<RomListPage>().items;
  const romId = (fsName: string) => roms.find((rom) => rom.fs_name === fsName)?.id ?? 0;
  return { ...test, nes: id('nes'), psx: id('psx'), romId };
}

/** `POST /api/roms`: one file uploaded to a platform. */
export function uploadRom(
  app: FastifyInstance,
  platformId: number | string,
  fileName: string,
  content: Buffer | string,
  auth = ADMIN_AUTH,
) {
  const { body, contentType } = multipart(content);
  return app.inject({
    method: 'POST',
    url: '/api/roms',
    headers: {
      authorization: auth,
      'content-type': contentType,
      'x-upload-platform': String(platformId),
      'x-upload-filename': fileName,
    },
    payload: body,
  });
}
