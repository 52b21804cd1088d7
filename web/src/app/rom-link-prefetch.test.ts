import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { romKeys } from '@/shared/api/rom-keys';
import { createFakeFetch } from '@/test/fake-fetch';

import { watchRomLinks } from './rom-link-prefetch';
import { prefetchRomPage } from './router';

function link(href: string): HTMLElement {
  const anchor = document.createElement('a');
  anchor.href = href;
  const label = document.createElement('span');
  label.textContent = href;
  anchor.append(label);
  document.body.append(anchor);
  return label;
}

const over = (element: Element) =>
  element.dispatchEvent(new Event('pointerover', { bubbles: true }));

describe('game link prefetch', () => {
  afterEach(() => {
    document.body.replaceChildren();
    vi.unstubAllGlobals();
  });

  it('asks for a game once when the pointer comes over or focus reaches its link, not for other links', () => {
    const prefetched: string[] = [];
    const stop = watchRomLinks(document, (id) => prefetched.push(id));
    const card = link('/rom/42');
    over(card);
    over(card);
    over(link('/rom/42/ejs'));
    over(link('/platform/3'));
    link('/rom/43').dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(prefetched).toEqual(['42', '43']);
    stop();
    over(link('/rom/44'));
    expect(prefetched).toEqual(['42', '43']);
  });

  it("loads the game's details into the cache the page reads", async () => {
    const fake = createFakeFetch({ 'GET /api/roms/42': { status: 200, json: { id: 42 } } });
    vi.stubGlobal('fetch', fake.fetch);
    const client = new QueryClient();
    prefetchRomPage(client, '42');
    await vi.waitFor(() => expect(client.getQueryData(romKeys.detail('42'))).toEqual({ id: 42 }));
    expect(fake.calls.map((call) => new URL(call.url, 'http://localhost').pathname)).toEqual([
      '/api/roms/42',
    ]);
  });
});
