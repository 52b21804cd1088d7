import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  getPlayability,
  isWebglAvailable,
  playerHref,
  playReasonKey,
  resetWebglCache,
} from './playability';

const env = { disableEmulatorJs: false, disableRuffle: false, webglAvailable: true };

describe('playability', () => {
  it('offers EmulatorJS for platforms with cores and Ruffle for flash/browser', () => {
    expect(getPlayability({ id: 3, platform_slug: 'nes' }, env)).toEqual({
      kind: 'ejs',
      reason: null,
      href: '/rom/3/ejs',
    });
    expect(getPlayability({ id: 4, platform_slug: 'flash' }, env)).toEqual({
      kind: 'ruffle',
      reason: null,
      href: '/rom/4/ruffle',
    });
    expect(playerHref({ id: 5, platform_slug: 'browser' })).toBe('/rom/5/ruffle');
  });

  it('gives the reason when a game cannot be played', () => {
    const reason = (slug: string, over: Partial<typeof env> = {}, missing = false) =>
      getPlayability({ id: 1, platform_slug: slug, missing_from_fs: missing }, { ...env, ...over })
        .reason;
    expect(reason('ps2')).toBe('no_core');
    expect(reason('nes', { disableEmulatorJs: true })).toBe('disabled');
    expect(reason('nes', { webglAvailable: false })).toBe('no_webgl');
    expect(reason('flash', { disableRuffle: true })).toBe('disabled');
    expect(reason('nes', {}, true)).toBe('missing_from_fs');
    expect(
      getPlayability({ id: 1, platform_slug: 'psp' }, { ...env, sharedArrayBufferAvailable: false })
        .reason,
    ).toBe('needs_shared_array_buffer');
    expect(playReasonKey('no_core')).toBe('play:reason.no_core');
  });
});

describe('WebGL check', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    resetWebglCache();
  });

  it('gives the test context back at once and remembers the answer', () => {
    const loseContext = vi.fn();
    const getExtension = vi.fn(() => ({ loseContext }));
    const getContext = vi
      .spyOn(HTMLCanvasElement.prototype, 'getContext')
      .mockImplementation(() => ({ getExtension }) as unknown as WebGL2RenderingContext);
    resetWebglCache();

    expect(isWebglAvailable()).toBe(true);
    expect(isWebglAvailable()).toBe(true);
    expect(getContext).toHaveBeenCalledTimes(1);
    expect(getExtension).toHaveBeenCalledWith('WEBGL_lose_context');
    expect(loseContext).toHaveBeenCalledTimes(1);
  });
});
