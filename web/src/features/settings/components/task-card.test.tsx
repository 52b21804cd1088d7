import type { TaskInfo } from '@romshelf/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { FakeAnswer } from '@/test/fake-fetch';
import { createFakeFetch } from '@/test/fake-fetch';
import { createTestI18n } from '@/test/i18n';

import { TaskCard } from './task-card';

const LAUNCHBOX: TaskInfo = {
  name: 'update_launchbox_metadata',
  type: 'update',
  manual_run: true,
  title: 'Scheduled LaunchBox metadata update',
  description: 'Updates the LaunchBox metadata store',
  enabled: false,
  cron_string: '0 4 * * *',
};

const SCHEDULE_URL = '/api/tasks/update_launchbox_metadata/schedule';

async function renderCard(task: TaskInfo, answer: FakeAnswer = { status: 200, json: task }) {
  const fake = createFakeFetch({ [`PUT ${SCHEDULE_URL}`]: answer });
  vi.stubGlobal('fetch', fake.fetch);
  const i18n = await createTestI18n('en_US');
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <TaskCard task={task} run={undefined} onRun={null} starting={false} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return fake.calls;
}

describe('TaskCard schedule', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says a manual-only task runs by hand, with no On/Off chip', async () => {
    await renderCard(LAUNCHBOX);
    expect(screen.getByTestId('task-schedule').textContent).toBe(
      'Runs by hand only. Edit schedule',
    );
    expect(screen.queryByTestId('task-enabled')).toBeNull();
  });

  it('previews the cron in words, refuses a bad one and saves a good one', async () => {
    const calls = await renderCard(LAUNCHBOX);
    fireEvent.click(screen.getByTestId('task-schedule-edit'));
    const input = screen.getByTestId('task-cron-input');
    const save = screen.getByTestId('task-schedule-save');
    fireEvent.change(input, { target: { value: '0 25 * * *' } });
    expect(screen.getByText('The hours field has an invalid value.')).toBeTruthy();
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: '30 2 * * 1' } });
    expect(screen.getByText('Runs at 02:30 AM, only on Monday.')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Manual only'));
    fireEvent.click(save);
    await vi.waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.url).toBe(SCHEDULE_URL);
    expect(JSON.parse(put?.body ?? 'null')).toEqual({ enabled: true, cron: '30 2 * * 1' });
  });

  it("shows the server's refusal", async () => {
    await renderCard(
      { ...LAUNCHBOX, enabled: true },
      { status: 400, json: { detail: "Invalid cron expression '0 4 * * *': nope" } },
    );
    fireEvent.click(screen.getByTestId('task-schedule-edit'));
    fireEvent.click(screen.getByTestId('task-schedule-save'));
    expect(await screen.findByText("Invalid cron expression '0 4 * * *': nope")).toBeTruthy();
  });
});
