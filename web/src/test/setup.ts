import type { EmotionCache } from '@emotion/react';
import { __unsafe_useEmotionCache as useEmotionCache } from '@emotion/react';
import { cleanup, configure, render } from '@testing-library/react';
import { createElement } from 'react';
import { afterAll, afterEach, vi } from 'vitest';

// `findBy…` and `waitFor` wait for lazily loaded pages; on a busy 2-core machine a route's
// first import takes more than the library's default second.
configure({ asyncUtilTimeout: 10_000 });

// The web files share their workers (`isolate: false` in vitest.config.ts), so each file starts
// as it would in a fresh one: the app's modules are evaluated again (module-level sockets,
// stores, timers), and what a file left in the shared window is removed when it ends.
vi.resetModules();

/** MUI's style cache, which lives as long as the worker: its styles would pile up in <head>. */
function emotionCache(): EmotionCache | null {
  let cache: EmotionCache | null = null;
  const Probe = () => {
    cache = useEmotionCache();
    return null;
  };
  render(createElement(Probe));
  cleanup();
  return cache;
}

// What Testing Library does by itself where test globals are on: no test sees the last one's tree.
afterEach(cleanup);

afterAll(() => {
  // Without this, every page's getComputedStyle (which role queries call) walks all the styles
  // of the files before it, and a worker's last files run several times slower.
  const cache = emotionCache();
  if (cache !== null) {
    cache.sheet.flush();
    cache.inserted = {};
  }
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  localStorage.clear();
  sessionStorage.clear();
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  document.body.innerHTML = '';
  for (const name of document.documentElement.getAttributeNames()) {
    document.documentElement.removeAttribute(name);
  }
  window.history.replaceState(null, '', '/');
});
