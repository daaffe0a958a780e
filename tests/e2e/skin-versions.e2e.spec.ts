import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { appGraphql, logInDemo } from '../support/app-api';
import { openBrowser, screenshot, type BrowserSession } from '../support/browser';

const PASSWORD = 'demo-password';
const WAIT = { timeout: 15_000 };

const sessions: BrowserSession[] = [];
afterEach(async (context) => {
  if (context.task.result?.state === 'fail')
    for (const [index, session] of sessions.entries())
      await screenshot(session.page, `failed-${context.task.name}-${index}`);
  while (sessions.length > 0) await sessions.pop()?.close();
});

let files: string;
let zipFile: string;
beforeAll(async () => {
  files = await fs.mkdtemp(path.join(os.tmpdir(), 'versions-e2e-'));
  zipFile = path.join(files, 'neon-v2.zip');
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(`DDS diffuse texture, version 2 of ${Date.now()}`), 'Skin_Diffuse.dds');
  zip.addBuffer(Buffer.from('DDS icon'), 'Icon.dds');
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  await fs.writeFile(zipFile, Buffer.concat(chunks));
});
afterAll(async () => {
  await fs.rm(files, { recursive: true, force: true });
});

const toast = (page: Page, text: string | RegExp) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });

async function signIn(page: Page, username: string) {
  const modal = page.getByRole('dialog');
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await modal.getByRole('button', { name: 'Sign in' }).first().click();
  await modal.getByLabel('Username or email').fill(username);
  await modal.getByLabel(/^Password/).fill(PASSWORD);
  await modal.getByRole('button', { name: 'Sign in' }).last().click();
  await expect.poll(() => toast(page, `Welcome back, ${username}`).isVisible(), WAIT).toBe(true);
}

describe('skin versions in the browser', () => {
  it('the author publishes version 2 from the editor and the skin page lists it in the history', async () => {
    // One of author's listed skins that has no version history yet (the demo gives two of them one).
    const token = await logInDemo('author');
    const { myCreatedSkins } = await appGraphql<{
      myCreatedSkins: { content: { url: string; published: boolean; versions: { version: number }[] }[] };
    }>(
      `{ myCreatedSkins(page: { page: 0, size: 100 }) { content { url published versions { version } } } }`,
      token,
    );
    const skin = myCreatedSkins.content.find((s) => s.published && s.versions.length === 1);
    expect(skin).toBeDefined();
    const url = skin!.url;

    const author = await openBrowser();
    sessions.push(author);
    const { page } = author;
    await signIn(page, 'author');
    await page.goto(`/me/skin/edit/${encodeURIComponent(url)}`);
    const section = page.getByRole('region', { name: 'Publish a new version' });
    await section.waitFor(WAIT);
    await section.scrollIntoViewIfNeeded();

    // Nothing flagged before the first attempt; the changelog's rule after it.
    await section.getByLabel(/^What changed/).fill('ab');
    await section.getByRole('button', { name: 'Publish version' }).click();
    await expect
      .poll(() => section.getByText('Describe what changed in 3 to 1000 characters.').isVisible(), WAIT)
      .toBe(true);
    expect(await section.getByText('Upload the new skin ZIP file.').isVisible()).toBe(true);

    await section.locator('input[type="file"][accept^=".zip"]').setInputFiles(zipFile);
    await expect.poll(() => section.getByText('Uploaded', { exact: true }).isVisible(), WAIT).toBe(true);
    // A refusal before execution (a NUL character: 400 as application/graphql-response+json, no
    // data) still shows the server's message in the form.
    await section.getByLabel(/^What changed/).fill('Sharper stripes\u0000 on the doors.');
    await section.getByRole('button', { name: 'Publish version' }).click();
    await expect
      .poll(
        () => section.getByText('The request contains a NUL character, which no field accepts.').isVisible(),
        WAIT,
      )
      .toBe(true);
    await section.getByLabel(/^What changed/).fill('Sharper stripes on the doors.\nFixed the mirror colors.');
    await screenshot(page, 'skin-versions-editor');
    await section.getByRole('button', { name: 'Publish version' }).click();
    await expect.poll(() => toast(page, 'Version 2 is published.').isVisible(), WAIT).toBe(true);

    // The skin page: the collapsed history opens on the new version, with the first release below.
    await page.goto(`/skins/${encodeURIComponent(url)}`);
    const history = page.getByRole('button', { name: /Version history/ });
    await history.waitFor(WAIT);
    await history.scrollIntoViewIfNeeded();
    await history.click();
    const panel = page.getByRole('region', { name: /Version history/ });
    await expect.poll(() => panel.getByText('Sharper stripes on the doors.').isVisible(), WAIT).toBe(true);
    expect(await panel.getByText('Version 2', { exact: true }).isVisible()).toBe(true);
    expect(await panel.getByText('Version 1 — First release').isVisible()).toBe(true);
    expect(await panel.getByRole('link', { name: 'Download version 1' }).count()).toBe(1);
    await screenshot(page, 'skin-versions-history');
  });
});
