import { readFileSync, writeFileSync } from 'node:fs';

import type { LibraryConfig, ScanSettingsInput } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { seedRoles } from '../../../test/accounts.js';
import { ADMIN_AUTH, basic, buildTestApp } from '../../../test/build-test-app.js';
import { configFilePath } from './library-config.service.js';

const HAND_WRITTEN = `# My library — hand-written notes stay.
exclude:
  platforms:
    - romm # the old install

scan:
  # my own order
  priority:
    metadata: [igdb, ss] # keep this order
    cover: [sgdb]
  media: [box2d, screenshot, manual]
`;

const SETTINGS: ScanSettingsInput = {
  metadata_priority: ['ss', 'igdb', 'ss', 'moby'],
  artwork_priority: ['sgdb', 'igdb'],
  cover_priority: null,
  screenshot_priority: ['ss'],
  region_priority: [' EU ', 'us', '', 'eu'],
  language_priority: ['fr', 'en'],
  media: ['box2d', 'box3d', 'manual', 'box2d'],
  gamelist_export: true,
  gamelist_thumbnail: 'box3d',
  gamelist_image: 'title_screen',
  pegasus_export: false,
};

async function setup() {
  const test = await buildTestApp();
  const users = await seedRoles(test.app);
  const file = configFilePath(test.dataDir);
  writeFileSync(file, HAND_WRITTEN);
  return { ...test, ...users, file };
}

describe('PUT /api/config/scan', () => {
  it('writes the scan section, keeps comments and other sections, and answers the new config', async () => {
    const { app, file } = await setup();
    const response = await app.inject({
      method: 'PUT',
      url: '/api/config/scan',
      headers: { authorization: ADMIN_AUTH },
      payload: SETTINGS,
    });
    expect(response.statusCode).toBe(200);
    const config = response.json<LibraryConfig>();
    expect({
      metadata: config.SCAN_METADATA_PRIORITY,
      artwork: config.SCAN_ARTWORK_PRIORITY,
      overrides: config.SCAN_ARTWORK_PRIORITY_OVERRIDES,
      region: config.SCAN_REGION_PRIORITY,
      language: config.SCAN_LANGUAGE_PRIORITY,
      media: config.SCAN_MEDIA,
      gamelist: [
        config.GAMELIST_AUTO_EXPORT_ON_SCAN,
        config.GAMELIST_MEDIA_THUMBNAIL,
        config.GAMELIST_MEDIA_IMAGE,
      ],
      pegasus: config.PEGASUS_AUTO_EXPORT_ON_SCAN,
      excluded: config.EXCLUDED_PLATFORMS,
    }).toEqual({
      metadata: ['ss', 'igdb', 'moby'],
      artwork: ['sgdb', 'igdb'],
      overrides: { url_screenshots: ['ss'] },
      region: ['eu', 'us'],
      language: ['fr', 'en'],
      media: ['box2d', 'box3d', 'manual'],
      gamelist: [true, 'box3d', 'title_screen'],
      pegasus: false,
      excluded: ['romm'],
    });
    const text = readFileSync(file, 'utf8');
    for (const kept of [
      '# My library — hand-written notes stay.',
      '- romm # the old install',
      '# my own order',
    ]) {
      expect(text).toContain(kept);
    }
    expect(text).not.toContain('cover:');
    // The same settings again leave the file as it is.
    await app.inject({
      method: 'PUT',
      url: '/api/config/scan',
      headers: { authorization: ADMIN_AUTH },
      payload: SETTINGS,
    });
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it('refuses unknown sources and media with 422, and users without platforms.write', async () => {
    const { app, file } = await setup();
    const bad = [
      { ...SETTINGS, metadata_priority: ['igdb', 'nope'] },
      { ...SETTINGS, media: ['poster'] },
      { ...SETTINGS, gamelist_image: 'box2d' },
      { ...SETTINGS, region_priority: ['e u'] },
      { ...SETTINGS, pegasus_export: undefined },
    ];
    for (const payload of bad) {
      const response = await app.inject({
        method: 'PUT',
        url: '/api/config/scan',
        headers: { authorization: ADMIN_AUTH },
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
    }
    const viewer = await app.inject({
      method: 'PUT',
      url: '/api/config/scan',
      headers: { authorization: basic('viewer', 'viewer-pass') },
      payload: SETTINGS,
    });
    expect(viewer.statusCode).toBe(403);
    expect(readFileSync(file, 'utf8')).toBe(HAND_WRITTEN);
  });
});
