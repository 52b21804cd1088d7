import { afterEach, describe, expect, it, vi } from 'vitest';

import { afterFirstCards } from './after-first-cards';

function addLink(href: string): void {
  const anchor = document.createElement('a');
  anchor.setAttribute('href', href);
  document.body.append(anchor);
}

describe('after the first cards', () => {
  afterEach(() => {
    document.body.replaceChildren();
    vi.useRealTimers();
  });

  it('runs the task once the page shows a link to a game, not before, and only once', async () => {
    const task = vi.fn();
    const stop = afterFirstCards(document, task);
    addLink('/platform/3');
    await Promise.resolve();
    expect(task).not.toHaveBeenCalled();

    addLink('/rom/12');
    await vi.waitFor(() => expect(task).toHaveBeenCalledTimes(1));
    addLink('/rom/13');
    await Promise.resolve();
    expect(task).toHaveBeenCalledTimes(1);
    stop();
  });

  it('runs the task at once when a game is already on the page', async () => {
    addLink('/rom/7');
    const task = vi.fn();
    afterFirstCards(document, task);
    await vi.waitFor(() => expect(task).toHaveBeenCalledTimes(1));
  });

  it('runs the task after the fallback time on a page that shows no game', () => {
    vi.useFakeTimers();
    const task = vi.fn();
    afterFirstCards(document, task, 5000);
    vi.advanceTimersByTime(4999);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    vi.runAllTimers();
    expect(task).toHaveBeenCalledTimes(1);
  });
});
