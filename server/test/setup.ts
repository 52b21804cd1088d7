import { afterAll, afterEach } from 'vitest';

import { cleanUpTestApps } from './build-test-app.js';
import { closeFakeServers } from './fakes/fake-server.js';
import { disconnectTestSockets } from './library-fixtures.js';
import { disconnectNetplaySockets } from './netplay.js';
import { dropSpareDatabase } from './postgres-databases.js';

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
