import { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { PAGE_SIZE, platformGalleryPreloads } from '@romshelf/contract';

import { DEFAULT_PLACE_VIEW } from '@/features/gallery/stores/gallery-store';
import { contextOf } from '@/features/gallery/use-gallery-pages';
import { romPageQueryOptions } from '@/shared/api/rom-pages';
import { clearCookies, createFakeFetch } from '@/test/fake-fetch';

import { preloadRoute } from './route-preload';
import { routes } from './router';

const EMPTY_PAGE = { items: [], total: 0, limit: 15, offset: 0, char_index: {} };

function paths(calls: readonly { url: string }[]) {
  return calls.map((call) => {
    const url = new URL(call.url, 'http://localhost');
    return `${url.pathname}${url.searchParams.has('order_by') ? `?order_by=${url.searchParams.get('order_by') ?? ''}` : ''}`;
  });
}

describe('first page preload', () => {
  afterEach(() => {
    clearCookies();
    vi.unstubAllGlobals();
  });

  it("fetches home's platforms and rails for a signed-in visitor, before the page renders", async () => {
    const fake = createFakeFetch({
      'GET /api/platforms': { status: 200, json: [] },
      'GET /api/roms': { status: 200, json: EMPTY_PAGE },
    });
    vi.stubGlobal('fetch', fake.fetch);
    const client = new QueryClient();
    preloadRoute(routes, '/', client, true);
    await vi.waitFor(() => expect(client.isFetching()).toBe(0));
    expect(paths(fake.calls).sort()).toEqual([
      '/api/platforms',
      '/api/roms?order_by=id',
      '/api/roms?order_by=last_played',
    ]);
  });

  it("fetches a platform's list and its gallery's first page, the very page the gallery asks for", async () => {
    const fake = createFakeFetch({
      'GET /api/platforms': { status: 200, json: [] },
      'GET /api/roms': { status: 200, json: EMPTY_PAGE },
    });
    vi.stubGlobal('fetch', fake.fetch);
    const client = new QueryClient();
    preloadRoute(routes, '/platform/7', client, true);
    await vi.waitFor(() => expect(fake.calls).toHaveLength(2));
    await vi.waitFor(() => expect(client.isFetching()).toBe(0));
    const urls = fake.calls.map((call) => new URL(call.url, 'http://localhost'));
    expect(urls.map((url) => url.pathname).sort()).toEqual(['/api/platforms', '/api/roms']);
    const page = urls.find((url) => url.pathname === '/api/roms');
    expect(Object.fromEntries(page?.searchParams ?? [])).toEqual({
      platform_id: '7',
      limit: String(PAGE_SIZE),
      offset: '0',
      order_by: 'name',
      order_dir: 'asc',
      with_char_index: 'true',
      with_filter_values: 'false',
      // Versions grouped: the default interface settings.
      group_by_meta_id: 'true',
    });
    const context = contextOf({ platformId: 7 }, DEFAULT_PLACE_VIEW, true, {}, null);
    expect(client.getQueryData(romPageQueryOptions(context, 0).queryKey)).toEqual(EMPTY_PAGE);
  });

  it("fetches a game's details on its page, and nothing for a signed-out visitor", async () => {
    const fake = createFakeFetch({ 'GET /api/roms/12': { status: 200, json: { id: 12 } } });
    vi.stubGlobal('fetch', fake.fetch);
    const client = new QueryClient();
    preloadRoute(routes, '/', client, false);
    preloadRoute(routes, '/rom/12', client, true);
    await vi.waitFor(() => expect(client.isFetching()).toBe(0));
    expect(paths(fake.calls)).toEqual(['/api/roms/12']);
  });

  it('asks for the data of every matched route before their code', () => {
    const order: string[] = [];
    const track = (name: string) => () => {
      order.push(name);
      return Promise.resolve({});
    };
    const tracked: RouteObject[] = [
      {
        path: '/',
        lazy: track('layout code'),
        handle: { preload: () => [track('layout data')()] },
        children: [
          {
            path: 'platform/:platform',
            lazy: track('page code'),
            handle: { preload: () => [track('page data')()] },
          },
        ],
      },
    ];
    preloadRoute(tracked, '/platform/3', new QueryClient(), true);
    expect(order).toEqual(['layout data', 'page data', 'layout code', 'page code']);
  });

  it("asks for a platform's answers at the addresses its page preloads, without extra headers", async () => {
    const fake = createFakeFetch({
      'GET /api/platforms': { status: 200, json: [] },
      'GET /api/roms': { status: 200, json: EMPTY_PAGE },
    });
    vi.stubGlobal('fetch', fake.fetch);
    document.cookie = 'romm_csrftoken=abc123; path=/';
    const client = new QueryClient();
    preloadRoute(routes, '/platform/7', client, true);
    await vi.waitFor(() => expect(fake.calls).toHaveLength(2));
    expect(fake.calls.map((call) => call.url).sort()).toEqual(platformGalleryPreloads(7).sort());
    for (const call of fake.calls) expect([...call.headers.keys()], call.url).toEqual([]);
  });
});
