import { expect, request, test } from '@playwright/test';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { ADMIN as admin } from './fixtures/admin.js';
import { adminSession } from './fixtures/api-setup.js';
import { ownServerUrl, startOwnServer } from './fixtures/own-server.js';
import type { OwnServer } from './fixtures/own-server.js';
import { reviewShot } from './fixtures/review-shot.js';

/*
 * Client API tokens: a person creates a token in the web app, pairs a "handheld" with the
 * pairing code, and the handheld uses the token it received; then a handheld pairs through the
 * device authorisation flow, approved on /pair/device. The handheld is a plain HTTP client
 * without cookies. Own server: the shared one belongs to first-run.spec.ts.
 */
const port = Number(process.env.E2E_TOKENS_PORT ?? Number(process.env.E2E_PORT ?? 3790) + 15);
const baseURL = ownServerUrl(port);
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

let server: OwnServer | undefined;
let session: Awaited<ReturnType<typeof adminSession>> = [];

test.use({ baseURL, viewport: DESKTOP });
test.describe.configure({ mode: 'serial' });
// Each journey walks many pages and dialogs; on a loaded machine that takes minutes.
test.setTimeout(240_000);

test.beforeAll(async () => {
  server = await startOwnServer('tokens', port);
  session = await adminSession(baseURL);
});

test.afterAll(() => {
  server?.stop();
});

/** Signed in as the administrator (the sign-in page has journeys of its own). */
async function signIn(context: BrowserContext): Promise<void> {
  await context.addCookies(session);
}

async function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

async function whoAmI(handheld: APIRequestContext, token: string) {
  return handheld.get('/api/users/me', { headers: { authorization: `Bearer ${token}` } });
}

test('a token is created, a handheld pairs with its code and uses it', async ({ page }) => {
  const handheld = await request.newContext({ baseURL });
  await signIn(page.context());
  await page.goto('/');
  await page.getByTestId('user-menu-button').click();
  await page.getByTestId('user-menu-client-tokens').click();
  await expect(page).toHaveURL(/\/client-api-tokens$/);
  await expect(page.getByTestId('tokens-empty')).toBeVisible();

  await page.getByTestId('token-create').click();
  await page.getByTestId('token-name').fill('Living-room handheld');
  await expect(page.getByTestId('scope-roms.read').locator('input')).toBeChecked();
  await page.getByTestId('token-create-submit').click();
  const rawField = page.getByTestId('raw-token');
  await expect(rawField).toHaveValue(/^rmm_[0-9a-f]{64}$/);
  const shownOnce = await rawField.inputValue();
  await reviewShot(page, { name: 'desktop-token-created.png' });
  await page.getByTestId('raw-token-done').click();
  const row = page.getByTestId('own-tokens').getByTestId('token-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Living-room handheld');
  await expect(page.getByTestId('raw-token')).toHaveCount(0);
  expect((await whoAmI(handheld, shownOnce)).status()).toBe(200);

  await row.getByTestId('token-pair').click();
  const codeText = page.getByTestId('pair-code');
  await expect(codeText).toHaveText(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  await expect(page.getByTestId('pair-qr')).toBeVisible();
  await reviewShot(page, { name: 'desktop-pairing-code.png' });
  const code = (await codeText.textContent()) ?? '';

  const exchanged = await handheld.post('/api/client-tokens/exchange', { data: { code } });
  expect(exchanged.status()).toBe(200);
  const paired = (await exchanged.json()) as { raw_token: string; name: string };
  expect(paired.name).toBe('Living-room handheld');
  await expect(page.getByTestId('pair-done')).toBeVisible({ timeout: 20_000 });
  const again = await handheld.post('/api/client-tokens/exchange', { data: { code } });
  expect(again.status()).toBe(404);

  const me = await whoAmI(handheld, paired.raw_token);
  expect(me.status()).toBe(200);
  expect(((await me.json()) as { username: string }).username).toBe(admin.username);
  const platforms = await handheld.get('/api/platforms', {
    headers: { authorization: `Bearer ${paired.raw_token}` },
  });
  expect(platforms.status()).toBe(200);
  const scan = await handheld.post('/api/platforms', {
    headers: { authorization: `Bearer ${paired.raw_token}` },
    data: { fs_slug: 'gba' },
  });
  expect(scan.status()).toBe(403);
  expect((await whoAmI(handheld, shownOnce)).status()).toBe(401);

  await page.getByTestId('pair-close').click();
  await page.reload();
  await expect(row).toContainText(/last used/, { timeout: 60_000 });
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await page.setViewportSize(PHONE);
  await expect.poll(() => overflow(page)).toBeLessThanOrEqual(0);
  await reviewShot(page, { name: 'phone-tokens.png', fullPage: true });
  await handheld.dispose();
});

test('a handheld pairs through the device flow, approved in the web app', async ({ page }) => {
  const handheld = await request.newContext({ baseURL });
  const started = await handheld.post('/api/auth/device/init', {
    data: {
      client_device_identifier: 'rg35xx-e2e',
      name: 'RG35XX',
      client: 'grout',
      platform: 'muos',
      client_version: '1.4.0',
      requested_scopes: ['me.read', 'roms.read', 'assets.write'],
    },
  });
  expect(started.status()).toBe(201);
  const flow = (await started.json()) as {
    device_code: string;
    verification_path_complete: string;
  };
  const pending = await handheld.post('/api/auth/device/token', {
    data: { device_code: flow.device_code },
  });
  expect(((await pending.json()) as { detail: string }).detail).toBe('authorization_pending');

  await signIn(page.context());
  await page.goto(flow.verification_path_complete);
  await expect(page.getByTestId('device-request')).toContainText('RG35XX', { timeout: 60_000 });
  await expect(page.getByTestId('scope-assets.write').locator('input')).toBeChecked();
  await page.getByTestId('scope-assets.write').locator('input').uncheck();
  await reviewShot(page, { name: 'desktop-device-approval.png' });
  await page.setViewportSize(PHONE);
  await expect.poll(() => overflow(page)).toBeLessThanOrEqual(0);
  await reviewShot(page, { name: 'phone-device-approval.png', fullPage: true });
  await page.getByTestId('device-approve').click();
  await expect(page.getByTestId('device-approved')).toBeVisible();

  const issued = await handheld.post('/api/auth/device/token', {
    data: { device_code: flow.device_code },
  });
  expect(issued.status()).toBe(200);
  const token = (await issued.json()) as { access_token: string; scopes: string[] };
  expect(token.scopes).toEqual(['me.read', 'roms.read']);
  expect((await whoAmI(handheld, token.access_token)).status()).toBe(200);
  await handheld.dispose();
});

/** Buttons on the page with a piece of label text broken over more than one line. */
async function wrappedButtons(page: Page): Promise<string[]> {
  return page.locator('button:visible').evaluateAll((buttons: HTMLElement[]) =>
    buttons
      .filter((button) => {
        const texts = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
        const range = document.createRange();
        for (let text = texts.nextNode(); text !== null; text = texts.nextNode()) {
          range.selectNodeContents(text);
          const lines = Array.from(range.getClientRects(), (rect) => Math.round(rect.top));
          if (new Set(lines).size > 1) return true;
        }
        return false;
      })
      .map((button) => button.innerText.trim()),
  );
}

test('the pair page keeps every button on one line in the long languages, desktop and phone', async ({
  page,
}) => {
  await signIn(page.context());
  // Any page of the server will do to set the language, which the app reads when it starts.
  await page.goto('/api/heartbeat');
  const locales = ['en_US', 'de_DE', 'fr_FR', 'ru_RU', 'pt_BR', 'pl_PL', 'es_ES'];
  for (const [index, locale] of locales.entries()) {
    await page.evaluate((value) => localStorage.setItem('settings.locale', value), locale);
    // One page load per language, at the size the last one ended in; then the other size.
    await page.goto('/pair/device');
    await expect(page.getByTestId('device-lookup')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', locale.replace('_', '-'));
    for (const size of index % 2 === 0 ? [DESKTOP, PHONE] : [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await expect.poll(() => overflow(page)).toBeLessThanOrEqual(0);
      await expect
        .poll(() => wrappedButtons(page), { message: `${locale} ${String(size.width)}px` })
        .toEqual([]);
      if (locale === 'de_DE') {
        await reviewShot(page, {
          name: `pair-de-${String(size.width)}x${String(size.height)}.png`,
        });
      }
    }
  }
  await page.evaluate(() => localStorage.setItem('settings.locale', 'en_US'));
});
