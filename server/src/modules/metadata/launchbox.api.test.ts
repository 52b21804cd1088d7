import type { RomListPage } from '@romshelf/contract';
import { describe, expect, it } from 'vitest';

import { buildTestApp, createFirstAdmin, login } from '../../../test/build-test-app.js';
import { startFake } from '../../../test/fakes/fake-server.js';
import { startFakeLaunchbox } from '../../../test/fakes/launchbox.js';
import { scanLibrary, writeTree } from '../../../test/library-fixtures.js';
import { runTask, waitForTaskEnd } from '../../../test/tasks.js';

const N64 = 'Nintendo 64';

async function setup() {
  const dump = await startFakeLaunchbox([
    { id: 98765, name: 'The Legend of Zelda: Ocarina of Time', platform: N64, cover: 'zelda.png' },
    { id: 98766, name: 'The Legend of Zelda: Ocarina of Time', platform: 'Nintendo 3DS' },
    { id: 98767, name: 'Mario Kart 64', platform: N64, alternateNames: ['Super Mario Kart R'] },
    { id: 98768, name: 'Wave Race 64', platform: 'Nintendo GameCube' },
  ]);
  const images = await startFake(() => null);
  const test = await buildTestApp({
    env: {
      LAUNCHBOX_API_ENABLED: 'true',
      LAUNCHBOX_METADATA_URL: `${dump.origin}/Metadata.zip`,
      LAUNCHBOX_IMAGES_URL: `${images.origin}/images`,
    },
  });
  await createFirstAdmin(test.app);
  const session = await login(test.app);
  writeTree(test.config.libraryDir, {
    'roms/n64/Legend of Zelda, The - Ocarina of Time (USA).z64': 'zelda',
    'roms/n64/Super Mario Kart R (Japan) (Proto).z64': 'kart',
    'roms/n64/Wave Race 64 (USA).z64': 'wave',
  });
  return { ...test, session, dump };
}

describe('LaunchBox offline metadata', () => {
  it('imports the dump on first use and matches exact names on the ROM platform only', async () => {
    const { app, session, dump } = await setup();
    const stats = await scanLibrary(app, session, { apis: ['lb'] });
    expect(stats.identified_roms).toBe(2);
    expect(dump.requests.filter((request) => request.path === '/Metadata.zip')).toHaveLength(1);
    const page = (
      await app.inject({ method: 'GET', url: '/api/roms', headers: { cookie: session.cookie } })
    ).json<RomListPage>();
    const byName = new Map(page.items.map((rom) => [rom.fs_name_no_tags, rom]));
    expect(byName.get('Legend of Zelda, The - Ocarina of Time')).toMatchObject({
      launchbox_id: 98765,
      name: 'The Legend of Zelda: Ocarina of Time',
      youtube_video_id: 'Xa1b2C3d4E5',
    });
    expect(byName.get('Legend of Zelda, The - Ocarina of Time')?.launchbox_metadata).toMatchObject({
      esrb: 'E',
      community_rating: 4.5,
    });
    expect(byName.get('Legend of Zelda, The - Ocarina of Time')?.path_cover_small).toContain(
      'small.webp',
    );
    expect(byName.get('Legend of Zelda, The - Ocarina of Time')?.merged_screenshots).toHaveLength(
      1,
    );
    expect(byName.get('Legend of Zelda, The - Ocarina of Time')?.metadatum).toMatchObject({
      genres: ['Action', 'Platform'],
      companies: ['Nintendo', 'Nintendo R&D1'],
      average_rating: 90,
      player_count: '1-2',
    });
    expect(byName.get('Super Mario Kart R')).toMatchObject({
      launchbox_id: 98767,
      name: 'Mario Kart 64',
    });
    expect(byName.get('Wave Race 64')).toMatchObject({ launchbox_id: null, is_identified: false });
  });

  it('refreshes the dump from the admin task endpoint (tasks.run)', async () => {
    const { app, session, dump } = await setup();
    const run = await app.inject({
      method: 'POST',
      url: '/api/tasks/run/update_launchbox_metadata',
      headers: { cookie: session.cookie, 'x-csrftoken': session.csrf },
    });
    expect(run.statusCode).toBe(200);
    expect(run.json()).toMatchObject({
      task_name: 'Scheduled LaunchBox metadata update',
      task_key: 'update_launchbox_metadata',
      status: 'started',
    });
    const finished = await waitForTaskEnd(app, run.json<{ task_id: string }>().task_id);
    expect(finished).toMatchObject({
      status: 'finished',
      task_type: 'update',
      meta: { update_stats: { games: 4, alternate_names: 1, images: 2 } },
      error: null,
    });
    await dump.close();
    const failed = await runTask(app, 'update_launchbox_metadata');
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/\S/);
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/tasks/run/update_launchbox_metadata',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
