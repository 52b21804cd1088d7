import { describe, expect, it } from 'vitest';

import { VerificationRequests } from './verification-requests.js';

/** A task runner running one verification at a time, recording the runs it started. */
function fakeTasks() {
  let listener: (event: 'progress' | 'end', status: { task_key: string }) => void = () => undefined;
  const started: Record<string, unknown>[] = [];
  let running = false;
  return {
    started,
    start(name: string, _trigger: 'scheduled', params: Record<string, unknown>) {
      if (running) return null;
      running = true;
      started.push({ name, ...params });
      return {};
    },
    subscribe(next: typeof listener) {
      listener = next;
    },
    end(taskKey = 'verify_dats') {
      running = false;
      listener('end', { task_key: taskKey });
    },
  };
}

describe('VerificationRequests', () => {
  it('starts a run at once, and merges what is asked meanwhile into one run after it', () => {
    const tasks = fakeTasks();
    const requests = new VerificationRequests(tasks);
    requests.request([3]);
    requests.request([5]);
    requests.request([2, 5]);
    expect(tasks.started).toEqual([{ name: 'verify_dats', platform_ids: [3], full: false }]);
    tasks.end('scan_library');
    expect(tasks.started).toHaveLength(1);
    tasks.end();
    expect(tasks.started).toEqual([
      { name: 'verify_dats', platform_ids: [3], full: false },
      { name: 'verify_dats', platform_ids: [2, 5], full: false },
    ]);
    tasks.end();
    expect(tasks.started).toHaveLength(2);
  });

  it('asks for every platform when one request does', () => {
    const tasks = fakeTasks();
    const requests = new VerificationRequests(tasks);
    requests.request([1]);
    requests.request(null);
    requests.request([4]);
    tasks.end();
    expect(tasks.started.at(-1)).toEqual({ name: 'verify_dats', platform_ids: null, full: false });
  });
});
