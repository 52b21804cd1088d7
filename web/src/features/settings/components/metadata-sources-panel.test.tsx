import type { User } from '@romshelf/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useAuthStore } from '@/shared/stores/auth-store';
import { useHeartbeatStore } from '@/shared/stores/heartbeat-store';
import { ADMIN_USER, HEARTBEAT, createFakeFetch } from '@/test/fake-fetch';
import type { FakeAnswer, RecordedCall } from '@/test/fake-fetch';
import { createTestI18n } from '@/test/i18n';

import { MetadataSourcesPanel } from './metadata-sources-panel';

let calls: RecordedCall[] = [];

function serve(routes: Record<string, FakeAnswer>) {
  const fake = createFakeFetch({
    'GET /api/heartbeat/metadata/igdb': { status: 200, json: true },
    'GET /api/heartbeat/metadata/ra': { status: 200, json: false },
    'GET /api/heartbeat/metadata/launchbox': { status: 200, json: true },
    ...routes,
  });
  calls = fake.calls;
  vi.stubGlobal('fetch', fake.fetch);
}

async function renderPanel(scopes: string[]) {
  useAuthStore.getState().setUser({ ...ADMIN_USER, oauth_scopes: scopes } as User);
  useHeartbeatStore.getState().setHeartbeat({
    ...HEARTBEAT,
    METADATA_SOURCES: {
      ...HEARTBEAT.METADATA_SOURCES,
      ANY_SOURCE_ENABLED: true,
      IGDB_API_ENABLED: true,
      RA_API_ENABLED: true,
      LAUNCHBOX_API_ENABLED: true,
    },
  });
  const i18n = await createTestI18n();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <MetadataSourcesPanel />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const card = (source: string) => screen.getByTestId(`metadata-source-${source}`);
const status = (source: string) =>
  within(card(source)).getByTestId('metadata-source-status').textContent;

describe('MetadataSourcesPanel', () => {
  beforeEach(() => useAuthStore.getState().reset());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows which sources answer, and how to set up the others', async () => {
    serve({});
    await renderPanel(['platforms.write']);
    await waitFor(() => expect(status('igdb')).toBe('Connected'));
    await waitFor(() => expect(status('ra')).toBe('Not answering'));
    expect(card('ra').textContent).toContain('check the credentials');
    expect(status('ss')).toBe('Not set up');
    expect(card('ss').textContent).toContain(
      'To use it, set on the server: SCREENSCRAPER_USER, SCREENSCRAPER_PASSWORD',
    );
    expect(card('playmatch').textContent).toContain('PLAYMATCH_API_ENABLED=true');
    expect(calls.map((call) => call.url).sort()).toEqual([
      '/api/heartbeat/metadata/igdb',
      '/api/heartbeat/metadata/launchbox',
      '/api/heartbeat/metadata/ra',
    ]);
    // Only people who may run tasks can refresh the LaunchBox database.
    expect(screen.queryByTestId('launchbox-update')).toBeNull();
  });

  it('updates the LaunchBox database and reports what was indexed', async () => {
    serve({
      'POST /api/tasks/run/update_launchbox_metadata': {
        status: 200,
        json: {
          task_name: 'Scheduled LaunchBox metadata update',
          task_id: 'run-1',
          status: 'started',
          created_at: '2026-01-01T00:00:00.000+00:00',
          enqueued_at: '2026-01-01T00:00:00.000+00:00',
          task_key: 'update_launchbox_metadata',
        },
      },
      'GET /api/tasks/run-1': {
        status: 200,
        json: {
          task_name: 'Scheduled LaunchBox metadata update',
          task_id: 'run-1',
          status: 'finished',
          created_at: '2026-01-01T00:00:00.000+00:00',
          enqueued_at: '2026-01-01T00:00:00.000+00:00',
          started_at: '2026-01-01T00:00:00.000+00:00',
          ended_at: '2026-01-01T00:00:03.000+00:00',
          task_type: 'update',
          meta: { update_stats: { games: 120, alternate_names: 45, images: 300 } },
          task_key: 'update_launchbox_metadata',
          trigger: 'manual',
          progress: null,
          duration_ms: 3000,
          error: null,
        },
      },
    });
    await renderPanel(['platforms.write', 'tasks.run']);
    fireEvent.click(screen.getByTestId('launchbox-update'));
    expect((await screen.findByTestId('launchbox-update-done')).textContent).toBe(
      'LaunchBox database updated: 120 games, 45 alternative names, 300 images.',
    );
  });

  it('says why the LaunchBox update failed', async () => {
    serve({
      'POST /api/tasks/run/update_launchbox_metadata': {
        status: 200,
        json: {
          task_name: 'Scheduled LaunchBox metadata update',
          task_id: 'run-1',
          status: 'started',
          created_at: '2026-01-01T00:00:00.000+00:00',
          enqueued_at: '2026-01-01T00:00:00.000+00:00',
          task_key: 'update_launchbox_metadata',
        },
      },
      'GET /api/tasks/run-1': {
        status: 200,
        json: {
          task_name: 'Scheduled LaunchBox metadata update',
          task_id: 'run-1',
          status: 'failed',
          created_at: '2026-01-01T00:00:00.000+00:00',
          enqueued_at: '2026-01-01T00:00:00.000+00:00',
          started_at: '2026-01-01T00:00:00.000+00:00',
          ended_at: '2026-01-01T00:00:03.000+00:00',
          task_type: 'update',
          meta: {},
          task_key: 'update_launchbox_metadata',
          trigger: 'manual',
          progress: null,
          duration_ms: 3000,
          error: 'launchbox: Metadata.zip HTTP 503',
        },
      },
    });
    await renderPanel(['platforms.write', 'tasks.run']);
    fireEvent.click(screen.getByTestId('launchbox-update'));
    expect((await screen.findByTestId('launchbox-update-error')).textContent).toBe(
      'The LaunchBox database could not be updated: launchbox: Metadata.zip HTTP 503',
    );
  });
});
