import { describe, expect, it } from 'vitest';

import { buildTestApp } from '../../../test/build-test-app.js';
import { startFakeLaunchbox } from '../../../test/fakes/launchbox.js';

const dumpDownloads = (dump: { requests: { path: string }[] }) =>
  dump.requests.filter((request) => request.path === '/Metadata.zip').length;

describe('scheduled LaunchBox refresh', () => {
  it('downloads the dump on its schedule and stops with the server', async () => {
    const dump = await startFakeLaunchbox([
      { id: 1, name: 'Wave Race 64', platform: 'Nintendo 64' },
    ]);
    const { app } = await buildTestApp({
      env: {
        LAUNCHBOX_API_ENABLED: 'true',
        LAUNCHBOX_METADATA_URL: `${dump.origin}/Metadata.zip`,
        ENABLE_SCHEDULED_UPDATE_LAUNCHBOX_METADATA: 'true',
        SCHEDULED_UPDATE_LAUNCHBOX_METADATA_CRON: '* * * * * *',
      },
    });
    await expect
      .poll(() => dumpDownloads(dump), { timeout: 4000, interval: 50 })
      .toBeGreaterThanOrEqual(1);
    await app.close();
    const afterClose = dumpDownloads(dump);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(dumpDownloads(dump)).toBe(afterClose);
  });

  it('is off unless enabled', async () => {
    const dump = await startFakeLaunchbox([]);
    await buildTestApp({
      env: {
        LAUNCHBOX_API_ENABLED: 'true',
        LAUNCHBOX_METADATA_URL: `${dump.origin}/Metadata.zip`,
        SCHEDULED_UPDATE_LAUNCHBOX_METADATA_CRON: '* * * * * *',
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(dumpDownloads(dump)).toBe(0);
  });
});
