import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium';

export type BrowserSession = { context: BrowserContext; page: Page; close(): Promise<void> };

/**
 * A fresh browser. Its system colour preference is dark unless asked (the site follows it when the
 * visitor has not chosen), so journeys see the site's usual dark theme; `locale` sets the browser's
 * language, and so its Accept-Language header (e.g. 'de-DE').
 */
export async function openBrowser(
  viewport = { width: 1280, height: 800 },
  options: { locale?: string; colorScheme?: 'dark' | 'light'; userAgent?: string } = {},
): Promise<BrowserSession> {
  const userDataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'marketplace-chromium-'));
  // A fresh profile per session, so no cookie or storage leaks between journeys.
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    viewport,
    colorScheme: options.colorScheme ?? 'dark',
    baseURL: inject('appUrl'),
    args: CHROMIUM_FLAGS,
    ...(options.locale ? { locale: options.locale } : {}),
    // Headless Chromium names itself "HeadlessChrome", which the site counts as a bot (item views).
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return {
    context,
    page,
    close: async () => {
      await context.close();
      await fs.rm(userDataDir, { recursive: true, force: true });
      if (errors.length > 0) throw new Error(`The page threw:\n${errors.join('\n')}`);
    },
  };
}

/** Saves a screenshot under .test-data/screenshots for a person to look at after a run. */
export async function screenshot(page: Page, name: string) {
  const folder = path.resolve('.test-data', 'screenshots');
  await fs.mkdir(folder, { recursive: true });
  await page.screenshot({
    path: path.join(folder, `${name.replace(/[^\w-]+/g, '-').slice(0, 80)}.png`),
    fullPage: true,
  });
}

/**
 * Where a checkbox's or switch's label sits against its control: beside it on one line, as Mantine's
 * InlineInput lays them out (without its stylesheet the label falls below the control).
 */
export async function inlineControlLayout(page: Page, labelText: string) {
  return page.evaluate((text) => {
    const label = [...document.querySelectorAll('.mantine-Checkbox-label, .mantine-Switch-label')].find(
      (element) => element.textContent?.trim().startsWith(text),
    );
    const root = label?.closest('.mantine-Checkbox-root, .mantine-Switch-root');
    const control = root?.querySelector('.mantine-Checkbox-inner, .mantine-Switch-track');
    if (!label || !control) return null;
    const a = control.getBoundingClientRect();
    const b = label.getBoundingClientRect();
    return {
      beside: b.left >= a.right - 1 && b.top < a.bottom && b.bottom > a.top,
      controlWidth: a.width,
      controlDisplay: getComputedStyle(control).display,
      labelFontSize: parseFloat(getComputedStyle(label).fontSize),
    };
  }, labelText);
}
