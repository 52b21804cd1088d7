import type * as Argon2 from '@node-rs/argon2';
import { afterAll, afterEach, vi } from 'vitest';

import { cleanUpTestApps } from './build-test-app.js';
import { closeFakeServers } from './fakes/fake-server.js';
import { disconnectTestSockets } from './library-fixtures.js';
import { disconnectNetplaySockets } from './netplay.js';
import { dropSpareDatabase } from './postgres-databases.js';

// Real argon2id at its lowest cost: the default (19 MiB, two passes) takes about 20 ms of CPU
// per hash, and the tests make and check thousands of passwords. A check reads the cost from
// the hash, so it is as cheap as the hash.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const argon2 = await importOriginal<typeof Argon2>();
  return {
    ...argon2,
    hash: (password: string | Uint8Array, options?: Argon2.Options) =>
      argon2.hash(password, { ...options, memoryCost: 256, timeCost: 1 }),
  };
});

// The test helpers' clean-up, for every server test file (vitest `setupFiles`). It lives here,
// not in the helpers: with `isolate: false` a worker evaluates a helper once for all its files,
// so hooks registered by the helper itself would only run in the first file.
afterEach(async () => {
  disconnectTestSockets();
  disconnectNetplaySockets();
  await closeFakeServers();
  await cleanUpTestApps();
});

afterAll(dropSpareDatabase);
