import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { defineConfig } from '@playwright/test';

import { FAKE_IGDB_CLIENT, FAKE_RA_API_KEY } from './e2e/fixtures/fake-providers.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.E2E_PORT ?? 3790);
const host = '127.0.0.1';
/** Fake metadata providers (web/e2e/fixtures/fake-providers.mjs) for the metadata journey. */
const providersPort = port + 1;
const providers = `http://${host}:${String(providersPort)}`;
// Every run starts from an empty data folder, so the first visit opens the setup wizard. The
// runner and its workers each load this file: the first one creates the folder and publishes it
// in E2E_DATA_DIR, which the workers inherit, so journeys can write fixtures into its library.
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'romshelf-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

/*
 * Journeys that start a server of their own (`startOwnServer`) share nothing, so two run at once.
 * The others use the server below one after another, in file order: first-run.spec.ts meets its
 * setup wizard, and the later ones build on the library it leaves.
 */
const e2eDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'e2e');
const sharedServerJourneys = fs
  .readdirSync(e2eDir)
  .filter((file) => file.endsWith('.spec.ts'))
  .filter((file) => !fs.readFileSync(path.join(e2eDir, file), 'utf8').includes('startOwnServer('));

export default defineConfig({
  testDir: './e2e',
  outputDir: './e2e/.artifacts',
  fullyParallel: false,
  workers: 2,
  projects: [
    { name: 'shared-server', testMatch: sharedServerJourneys, workers: 1 },
    { name: 'own-server', testIgnore: sharedServerJourneys },
  ],
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  // Generous: a shared CI machine can take several seconds to draw a page.
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://${host}:${port}`,
    // A failed journey keeps its trace of actions, console and network, and a screenshot. The
    // DOM snapshots and screencast of every action took about 40 % of a journey's CPU (the a11y
    // journey's 34 s to 20 s): they are recorded only with E2E_FULL_TRACE=1.
    trace: {
      mode: 'retain-on-failure',
      screenshots: process.env.E2E_FULL_TRACE === '1',
      snapshots: process.env.E2E_FULL_TRACE === '1',
    },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--enable-unsafe-swiftshader',
      ],
    },
  },
  webServer: [
    {
      command: `node web/e2e/fixtures/fake-providers.mjs ${String(providersPort)}`,
      cwd: repoRoot,
      url: `${providers}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node server/dist/main.js',
      cwd: repoRoot,
      url: `http://${host}:${port}/api/heartbeat`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        HOST: host,
        PORT: String(port),
        ROMSHELF_DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        IGDB_CLIENT_ID: FAKE_IGDB_CLIENT.id,
        IGDB_CLIENT_SECRET: FAKE_IGDB_CLIENT.secret,
        IGDB_BASE_URL: `${providers}/v4`,
        TWITCH_OAUTH_URL: `${providers}/oauth2/token`,
        RETROACHIEVEMENTS_API_KEY: FAKE_RA_API_KEY,
        RETROACHIEVEMENTS_BASE_URL: providers,
      },
    },
  ],
});
