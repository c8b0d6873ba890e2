// In Chromium: the browser host's token never reaches the address bar or the
// browser's own history (its History database, read after the browser closed), and a replayed
// one-time code opens nothing.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppUnderTest } from './harness';

let app: AppUnderTest;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('the browser host page', () => {
  it('keeps the token out of the address and the browser history; a replayed code is refused', async () => {
    const profile = mkdtempSync(join(tmpdir(), 'outpost-chromium-profile-'));
    const token = app.host.token;
    const link = app.host.pageUrl();
    try {
      const context = await chromium.launchPersistentContext(profile, {
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'],
      });
      try {
        const page = context.pages()[0] ?? (await context.newPage());
        await page.goto(link);
        await page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
        await page.getByRole('button', { name: 'New post' }).waitFor();
        // A string, as the test's types know no DOM.
        const seen = await page.evaluate<{ href: string; cookie: string; storage: string }>(
          '({ href: location.href, cookie: document.cookie, storage: JSON.stringify({ ...sessionStorage, ...localStorage }) })',
        );
        expect(seen.href).toBe(`${new URL(link).origin}/`);
        expect(seen.href).not.toContain(token);
        // The page holds its own session token, never the launch token, and no cookie at all.
        expect(seen.cookie).toBe('');
        expect(seen.storage).not.toContain(token);
        expect(seen.storage).toContain('outpost.hostSession');
        // A reload goes on with the session this tab kept.
        await page.reload();
        await page.getByRole('button', { name: 'New post' }).waitFor();

        // The printed link, opened again (from history, from a terminal), opens nothing.
        const stranger = await chromium.launch({
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: ['--headless', '--no-sandbox', '--disable-gpu'],
        });
        try {
          const replay = await stranger.newPage();
          const answer = await replay.goto(link);
          expect(answer?.status()).toBe(401);
          expect(await replay.textContent('body')).toMatch(/already used/);
        } finally {
          await stranger.close();
        }
      } finally {
        await context.close();
      }

      const history = join(profile, 'Default', 'History');
      expect(existsSync(history)).toBe(true);
      const db = new BetterSqlite3(history, { readonly: true, fileMustExist: true });
      let urls: string[];
      try {
        urls = (db.prepare('select url from urls').all() as Array<{ url: string }>).map((r) => r.url);
      } finally {
        db.close();
      }
      expect(urls.some((u) => u.startsWith(new URL(link).origin))).toBe(true);
      expect(urls.filter((u) => u.includes(token))).toEqual([]);
      // Nothing else the browser keeps on disk (sessions, caches) holds it either.
      const holding = filesUnder(profile).filter((f) => readFileSync(f).includes(Buffer.from(token)));
      expect(holding).toEqual([]);
    } finally {
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
