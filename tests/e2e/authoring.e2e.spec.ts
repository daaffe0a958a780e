import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { inlineControlLayout, openBrowser, screenshot, type BrowserSession } from '../support/browser';

// The demo accounts of the e2e app (README): an author with skins, a player, an admin.
const PASSWORD = 'demo-password';

const sessions: BrowserSession[] = [];
afterEach(async (context) => {
  if (context.task.result?.state === 'fail')
    for (const [index, session] of sessions.entries())
      await screenshot(session.page, `failed-${context.task.name}-${index}`);
  while (sessions.length > 0) await sessions.pop()?.close();
});

let files: string;
/** Screenshots and a skin zip as an author would make them, written where the browser can pick them. */
const upload = {
  first: '',
  second: '',
  zip: '',
  /** A zip with everything inside one folder: accepted, with the server's hint. */
  wrappedZip: '',
};

async function picture(file: string, from: string, to: string, label: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720">
    <defs><linearGradient id="g" x1="0" x2="1" y1="0" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient></defs>
    <rect width="1280" height="720" fill="url(#g)"/>
    <path d="M0 520 L1280 380 L1280 430 L0 570 Z" fill="#ffffff" opacity="0.35"/>
    <text x="90" y="300" font-size="110" font-family="sans-serif" font-weight="700" fill="#ffffff">${label}</text>
  </svg>`;
  await sharp(Buffer.from(svg)).png().toFile(file);
}

async function skinZip(file: string, folder = '') {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from('DDS diffuse texture'), `${folder}Skin_Diffuse.dds`);
  zip.addBuffer(Buffer.from('DDS icon'), `${folder}Icon.dds`);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  await fs.writeFile(file, Buffer.concat(chunks));
}

beforeAll(async () => {
  files = await fs.mkdtemp(path.join(os.tmpdir(), 'authoring-e2e-'));
  upload.first = path.join(files, 'neon-front.png');
  upload.second = path.join(files, 'neon-side.png');
  upload.zip = path.join(files, 'neon-skin.zip');
  await picture(upload.first, '#06343d', '#00d8fb', 'FRONT');
  await picture(upload.second, '#3d0620', '#ff3595', 'SIDE');
  await skinZip(upload.zip);
  upload.wrappedZip = path.join(files, 'wrapped-skin.zip');
  await skinZip(upload.wrappedZip, 'NightPack/');
});

afterAll(async () => {
  await fs.rm(files, { recursive: true, force: true });
});

/** A modal scrolls inside the window: the window is what a person sees. */
async function viewportScreenshot(page: Page, name: string) {
  const folder = path.resolve('.test-data', 'screenshots');
  await fs.mkdir(folder, { recursive: true });
  await page.screenshot({ path: path.join(folder, `${name}.png`) });
}

/** Every wait allows for a busy machine. */
const WAIT = { timeout: 15_000 };

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

/** The drop zones' file inputs (the screenshots' and the zip's), inside `scope`. */
const imageInput = (scope: Page | ReturnType<Page['getByRole']>) =>
  scope.locator('input[type="file"][accept="image/png,image/jpeg"]');
const zipInput = (scope: Page | ReturnType<Page['getByRole']>) =>
  scope.locator('input[type="file"][accept^=".zip"]');

/** Waits until every upload in `scope` is through: no progress left, the zip marked as uploaded. */
async function uploadsDone(scope: Page | ReturnType<Page['getByRole']>, withZip: boolean) {
  await expect
    .poll(
      () => scope.getByText(/^(Uploading\.\.\.|Processing\.\.\.|Checking the archive\.\.\.)/).count(),
      WAIT,
    )
    .toBe(0);
  if (withZip)
    await expect.poll(() => scope.getByText('Uploaded', { exact: true }).isVisible(), WAIT).toBe(true);
}

describe('authoring in the browser', () => {
  it('an author publishes a skin, finds it, hides and shows it; a player rates it and comments', async () => {
    const title = `E2E Neon ${Date.now() % 100_000}`;
    const author = await openBrowser();
    sessions.push(author);
    const { page } = author;
    await signIn(page, 'author');

    // The publish chooser, then the editor: nothing is flagged before the first attempt.
    await page.goto('/me/publish');
    await page.getByRole('link', { name: /^Skin One skin without color variations/ }).click();
    await page.waitForURL('**/me/publish/skin');
    const publish = page.getByRole('button', { name: 'Publish skin' });
    await publish.waitFor();
    // The switch looks like a switch, its label beside it at the normal size (not below, larger).
    const pwyw = await inlineControlLayout(page, 'Pay what you want');
    expect(pwyw).toMatchObject({ beside: true, controlDisplay: 'flex' });
    expect(pwyw!.controlWidth).toBeGreaterThanOrEqual(28);
    expect(pwyw!.labelFontSize).toBeLessThanOrEqual(16);
    expect(await page.getByText('Skin name is a required field.').count()).toBe(0);
    await publish.click();
    await expect.poll(() => page.getByText('Skin name is a required field.').isVisible(), WAIT).toBe(true);
    expect(await page.getByText('You must upload at least one image.').isVisible()).toBe(true);
    expect(await page.getByText('You must select your skin ZIP file.').isVisible()).toBe(true);
    await screenshot(page, 'authoring-skin-editor-errors');
    // "Before you start" ticks only what holds: nothing is filled in, and an empty price is free.
    const rules = page.getByTestId('publishing-rules');
    expect(await rules.locator('[data-state="holds"]').count()).toBe(1);
    expect(await rules.locator('[data-state="open"]').count()).toBe(4);

    // Fill it in: two screenshots (appended in order, the first is the thumbnail) and the zip.
    await page.getByLabel(/^Name/).fill(title);
    await page.getByLabel('Description').fill('Cyan stripes over a dark carbon base, made for night races.');
    await imageInput(page).setInputFiles([upload.first, upload.second]);
    await zipInput(page).setInputFiles(upload.zip);
    await uploadsDone(page, true);
    expect(await page.getByRole('img', { name: 'Screenshot 1: neon-front.png' }).isVisible()).toBe(true);
    expect(await page.getByRole('img', { name: 'Screenshot 2: neon-side.png' }).isVisible()).toBe(true);

    // A file that is no picture fails with the spec's message and blocks publishing until removed.
    await imageInput(page).setInputFiles(upload.zip);
    await expect
      .poll(() => page.getByText('Invalid file. Only JPG and PNG images are allowed.').isVisible(), WAIT)
      .toBe(true);
    await expect
      .poll(() => page.getByText('You must fix any images that failed to upload.').isVisible(), WAIT)
      .toBe(true);
    // The refused file is not counted, and its rule shows broken, not ticked.
    expect(await page.getByText('2 / 10', { exact: true }).isVisible()).toBe(true);
    expect(await rules.locator('[data-state="broken"]').count()).toBe(1);
    await page.getByRole('button', { name: 'Remove screenshot 3' }).click();
    await expect
      .poll(() => page.getByText('You must fix any images that failed to upload.').count(), WAIT)
      .toBe(0);

    // Reorder with the keyboard: the second picture becomes the first, the thumbnail.
    await page.getByRole('button', { name: 'Move screenshot 2', exact: true }).focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(200);
    await page.keyboard.press('ArrowLeft');
    await page.waitForTimeout(200);
    await page.keyboard.press('Space');
    await expect
      .poll(() => page.getByRole('img', { name: 'Screenshot 1: neon-side.png' }).isVisible(), WAIT)
      .toBe(true);
    // The errors follow the changes and are gone once everything is in.
    await expect.poll(() => page.getByText('You must upload at least one image.').count(), WAIT).toBe(0);
    await expect.poll(() => page.getByText('Skin name is a required field.').count(), WAIT).toBe(0);
    await expect.poll(() => rules.locator('[data-state="holds"]').count(), WAIT).toBe(5);
    // The live preview shows the card as players will see it.
    expect(await page.getByRole('heading', { level: 3, name: title }).isVisible()).toBe(true);
    await screenshot(page, 'authoring-skin-editor-filled');

    await publish.click();
    await expect.poll(() => toast(page, 'Skin uploaded and published!').isVisible(), WAIT).toBe(true);
    await page.waitForURL('**/skins/**');
    const skinPath = new URL(page.url()).pathname;
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: title }).isVisible(), WAIT)
      .toBe(true);
    await screenshot(page, 'authoring-skin-published');

    // In the author's table, newest first.
    await page.goto('/me/skins');
    const row = page.getByRole('row').filter({ hasText: title });
    await expect.poll(() => row.isVisible(), WAIT).toBe(true);
    expect(await row.getByText('Free', { exact: true }).isVisible()).toBe(true);
    expect(await row.getByText('Published', { exact: true }).count()).toBe(1);
    await screenshot(page, 'authoring-my-skins');

    // A visitor on the skin page is invited to sign in to comment; the box opens the sign-in modal.
    const player = await openBrowser();
    sessions.push(player);
    await player.page.goto(skinPath);
    const invitation = player.page.getByPlaceholder('You must first login to write a comment');
    await expect.poll(() => invitation.isVisible(), WAIT).toBe(true);
    await screenshot(player.page, 'authoring-comment-signed-out');
    await invitation.click();
    const signInModal = player.page.getByRole('dialog');
    await signInModal.getByLabel('Username or email').fill('player');
    await signInModal.getByLabel(/^Password/).fill(PASSWORD);
    await signInModal.getByRole('button', { name: 'Sign in' }).last().click();
    await expect.poll(() => toast(player.page, 'Welcome back, player').isVisible(), WAIT).toBe(true);
    await expect.poll(() => player.page.getByLabel('Write a comment').isEditable(), WAIT).toBe(true);

    // And in the public list.
    const search = `/skins?s=${encodeURIComponent(title)}`;
    await player.page.goto(search);
    const listed = player.page.getByRole('link', { name: title, exact: true }).first();
    await expect.poll(() => listed.isVisible(), WAIT).toBe(true);

    // Hide it: a loading toast, then the result; the row flips; players no longer find it.
    await row.getByRole('button', { name: `Hide ${title} from players` }).click();
    await expect.poll(() => toast(page, 'Skin successfully hidden').isVisible(), WAIT).toBe(true);
    await expect
      .poll(() => row.getByRole('button', { name: `Publish ${title} for everyone` }).isVisible(), WAIT)
      .toBe(true);
    expect(await row.getByText('Hidden', { exact: true }).count()).toBe(1);
    await screenshot(page, 'authoring-my-skins-hidden');
    // On a phone the table becomes one card per skin.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() => page.getByRole('listitem').filter({ hasText: title }).isVisible(), WAIT)
      .toBe(true);
    await screenshot(page, 'authoring-my-skins-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    await player.page.goto(search);
    await expect
      .poll(() => player.page.getByText('There are no skins matching your search query.').isVisible(), WAIT)
      .toBe(true);
    expect(await player.page.getByRole('link', { name: title, exact: true }).count()).toBe(0);

    // Show it again.
    await row.getByRole('button', { name: `Publish ${title} for everyone` }).click();
    await expect.poll(() => toast(page, 'Skin successfully published').isVisible(), WAIT).toBe(true);
    await expect
      .poll(() => row.getByRole('button', { name: `Hide ${title} from players` }).isVisible(), WAIT)
      .toBe(true);

    await player.page.goto(search);
    await expect.poll(() => listed.isVisible(), WAIT).toBe(true);
    await listed.click();
    await player.page.waitForURL(`**${skinPath}`);

    // The player rates it.
    const stars = player.page.getByRole('group', { name: 'Your vote, 1 to 5 stars' });
    await stars.getByRole('button', { name: '4 stars' }).click();
    await expect.poll(() => toast(player.page, 'Thank you for voting.').isVisible(), WAIT).toBe(true);
    // It closes on its own like every toast (5 s), instead of covering the page for minutes.
    await expect
      .poll(() => toast(player.page, 'Thank you for voting.').isVisible(), { timeout: 12_000 })
      .toBe(false);
    await expect.poll(() => player.page.getByText('Thanks, your vote is in.').isVisible(), WAIT).toBe(true);
    // The vote is the player's own (asked apart from the skin everyone shares): marked, and again after a reload.
    const fourStars = stars.getByRole('button', { name: '4 stars' });
    await expect.poll(() => fourStars.getAttribute('aria-pressed'), WAIT).toBe('true');
    await player.page.reload();
    await expect.poll(() => player.page.getByText('Your vote', { exact: true }).isVisible(), WAIT).toBe(true);
    expect(await fourStars.getAttribute('aria-pressed')).toBe('true');

    // And comments: too short first, then a real one that goes to the top and locks the form.
    const box = player.page.getByLabel('Write a comment');
    const send = player.page.getByRole('button', { name: 'Send comment' });
    await box.fill('ok');
    await send.click();
    await expect
      .poll(() => player.page.getByText('A comment must have at least 3 characters.').isVisible(), WAIT)
      .toBe(true);
    const text = `Love the cyan stripes, installed it right away (${title}).`;
    await box.fill(text);
    await send.click();
    await expect.poll(() => toast(player.page, 'Comment uploaded!').isVisible(), WAIT).toBe(true);
    const comments = player.page.getByRole('region', { name: /^Comments/ }).getByRole('listitem');
    await expect.poll(() => comments.first().textContent(), WAIT).toContain(text);
    expect(await comments.first().textContent()).toContain('player');
    expect(await box.isDisabled()).toBe(true);
    expect(await player.page.getByRole('button', { name: 'Comment sent' }).isDisabled()).toBe(true);
    await screenshot(player.page, 'authoring-skin-comment');

    // The comment and the vote are there for the next visitor too.
    await player.page.reload();
    await expect
      .poll(
        () =>
          player.page
            .getByRole('region', { name: /^Comments/ })
            .getByText(text)
            .isVisible(),
        WAIT,
      )
      .toBe(true);
  }, 120_000);

  it('an author puts a bundle together, uploading one more skin from the bundle editor', async () => {
    const stamp = Date.now() % 100_000;
    const bundleTitle = `E2E Night Pack ${stamp}`;
    const skinTitle = `E2E Pack Skin ${stamp}`;
    const author = await openBrowser();
    sessions.push(author);
    const { page } = author;
    await signIn(page, 'author');

    await page.goto('/me/bundles');
    await page.getByRole('link', { name: 'Create New Bundle' }).first().click();
    await page.waitForURL('**/me/publish/bundle');
    await page.getByRole('button', { name: 'Publish bundle' }).waitFor();

    // A new skin through the modal: it is published and added to the bundle.
    await page.getByRole('button', { name: 'Upload a new skin' }).click();
    const modal = page.getByRole('dialog', { name: 'Upload a new skin for this bundle' });
    await modal.waitFor();
    await modal.getByLabel(/^Name/).fill(skinTitle);
    await modal.getByLabel('Price (EUR)').fill('3.5');
    await imageInput(modal).setInputFiles(upload.second);
    // A zip with an extra folder inside uploads, with the server's hint shown.
    await zipInput(modal).setInputFiles(upload.wrappedZip);
    await uploadsDone(modal, true);
    await expect.poll(() => modal.getByText(/sits in the folder "NightPack"/).isVisible(), WAIT).toBe(true);
    await modal.getByText(/sits in the folder "NightPack"/).scrollIntoViewIfNeeded();
    await viewportScreenshot(page, 'authoring-zip-warning');
    await zipInput(modal).setInputFiles(upload.zip);
    await uploadsDone(modal, true);
    expect(await modal.getByText(/sits in the folder/).count()).toBe(0);
    await viewportScreenshot(page, 'authoring-bundle-modal');
    await modal.getByRole('button', { name: 'Upload and add' }).click();
    await expect
      .poll(() => toast(page, 'Skin uploaded and added to the bundle').isVisible(), WAIT)
      .toBe(true);
    await expect.poll(() => modal.count(), WAIT).toBe(0);

    // One of the author's earlier skins as well.
    await page
      .getByLabel(/^Skins in the bundle/)
      .first()
      .click();
    const option = page.getByRole('option').filter({ hasNotText: skinTitle }).first();
    await option.click();
    await page.keyboard.press('Escape');

    await page.getByLabel(/^Name/).fill(bundleTitle);
    await page.getByLabel(/^Description/).fill('Two night liveries for the price of one and a half.');
    await page.getByLabel('Price (EUR)').fill('4');
    await imageInput(page).setInputFiles(upload.first);
    await uploadsDone(page, false);
    expect(await page.getByText(skinTitle).first().isVisible()).toBe(true);
    await screenshot(page, 'authoring-bundle-editor');

    await page.getByRole('button', { name: 'Publish bundle' }).click();
    await expect.poll(() => toast(page, 'Bundle uploaded and published!').isVisible(), WAIT).toBe(true);
    await page.waitForURL('**/bundles/**');
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: bundleTitle }).isVisible(), WAIT)
      .toBe(true);
    await expect.poll(() => page.getByText('Bundle Contents (2)').isVisible(), WAIT).toBe(true);
    await screenshot(page, 'authoring-bundle-published');

    // The author's bundles table lists it; hiding it toasts and flips the row.
    await page.goto('/me/bundles');
    const row = page.getByRole('row').filter({ hasText: bundleTitle });
    await expect.poll(() => row.isVisible(), WAIT).toBe(true);
    await row.getByRole('button', { name: `Hide ${bundleTitle} from players` }).click();
    await expect.poll(() => toast(page, 'Bundle successfully hidden').isVisible(), WAIT).toBe(true);
    await expect
      .poll(() => row.getByRole('button', { name: `Publish ${bundleTitle} for everyone` }).isVisible(), WAIT)
      .toBe(true);
    await screenshot(page, 'authoring-my-bundles');
  });
});
