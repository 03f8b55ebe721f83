// The pages in Debian's Chromium (playwright-core drives /usr/bin/chromium; no browser is
// downloaded): paste a real Python traceback and a real Node stack by keyboard alone, reach the
// right record page, follow its links; no console error, no request to any host but the server.
// Screenshots of a results page and a record page are written to test/artifacts/.
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFixture, startServer, type Fixture, type Server } from './server.js';

const CHROMIUM = '/usr/bin/chromium';
const ARTIFACTS = path.resolve(import.meta.dirname, '../artifacts');
// (CI installs Chromium: there a missing one fails; elsewhere the test says it did not run)
const skip = !fs.existsSync(CHROMIUM) && !process.env.CI;

let fx: Fixture;
let srv: Server;
let browser: Browser;

beforeAll(async () => {
  if (skip) return;
  fx = buildFixture();
  srv = await startServer(['--db', fx.db, '--quiet']);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  fs.mkdirSync(ARTIFACTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await srv?.stop();
});

/** A page that records console errors and every host it requests. */
async function open(): Promise<{ page: Page; problems: string[]; hosts: Set<string> }> {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  const problems: string[] = [];
  const hosts = new Set<string>();
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(String(e)));
  page.on('request', (r) => hosts.add(new URL(r.url()).host));
  return { page, problems, hosts };
}

/** Tab until the focused element satisfies `test` (keyboard only); fails after `max` presses. */
async function tabTo(page: Page, test: string, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(test)) return;
  }
  throw new Error(`no element reached by Tab satisfies ${test}`);
}

describe.skipIf(skip)('pages in Chromium', () => {
  it.each([
    ['a Python traceback', () => fx.pyTrace, /^config\.py:6 in load_config/, 'ValueError: config file must be TOML', 'results-python'],
    ['a Node stack', () => fx.nodeStack, /^server\.js:4 in listen/, 'TypeError: port must be a number', 'results-node'],
  ])('%s pasted by keyboard reaches its record page', async (_what, input, file, heading, shot) => {
    const { page, problems, hosts } = await open();
    await page.goto(srv.url + '/');
    await tabTo(page, `document.activeElement?.id === 'text'`);
    await page.keyboard.insertText(input());
    await tabTo(page, `document.activeElement?.type === 'submit'`);
    await Promise.all([page.waitForURL(/\/explain$/), page.keyboard.press('Enter')]);
    expect(await page.locator('h1').textContent()).toBe('Explained');
    const hit = page.locator('.hit a[href^="/r/"]').first();
    expect(await hit.textContent()).toContain(heading.split(': ')[0]);
    await page.screenshot({ path: path.join(ARTIFACTS, `${shot}.png`), fullPage: true });
    // the first hit's link, by keyboard
    await tabTo(page, `document.activeElement?.matches('.hit a[href^="/r/"]')`);
    await Promise.all([page.waitForURL(/\/r\/[0-9a-f]{16}$/), page.keyboard.press('Enter')]);
    expect(await page.locator('h1').textContent()).toContain(heading);
    expect(await page.locator('.where').first().textContent()).toMatch(file);
    expect(await page.locator('.ln.site').count()).toBe(1);
    await page.screenshot({ path: path.join(ARTIFACTS, `record-${shot.slice(8)}.png`), fullPage: true });
    // the record's JSON, opened by keyboard
    await tabTo(page, `document.activeElement?.tagName === 'SUMMARY'`);
    await page.keyboard.press('Enter');
    expect(await page.locator('pre.json').isVisible()).toBe(true);
    // a link of the header: the search page, its form by keyboard
    await page.goto(srv.url + '/search');
    await tabTo(page, `document.activeElement?.id === 'q'`);
    await page.keyboard.insertText('port');
    await Promise.all([page.waitForURL(/\/search\?q=port/), page.keyboard.press('Enter')]);
    expect(await page.locator('table.records tbody tr').count()).toBe(1);
    expect(problems).toEqual([]);
    expect([...hosts]).toEqual([new URL(srv.url).host]);
    await page.close();
  });

  it('hostile analyzed text runs nothing and the CSP reports no violation', async () => {
    const { page, problems } = await open();
    let dialogs = 0;
    page.on('dialog', async (d) => {
      dialogs++;
      await d.dismiss();
    });
    await page.goto(srv.url + '/search?q=alert');
    await page.locator('table.records a').first().click();
    await page.waitForURL(/\/r\//);
    expect(await page.locator('h1').textContent()).toContain('<script>alert(1)</script>');
    expect(await page.locator('img').count()).toBe(0);
    expect(dialogs).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });
});
