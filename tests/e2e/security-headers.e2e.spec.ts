import { afterEach, describe, expect, inject, it } from 'vitest';
import { appGraphql, logInDemo } from '../support/app-api';
import { openBrowser, screenshot, type BrowserSession } from '../support/browser';

let session: BrowserSession | null = null;
afterEach(async (context) => {
  if (session && context.task.result?.state === 'fail')
    await screenshot(session.page, `failed-${context.task.name}`);
  await session?.close();
  session = null;
});

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

describe('the Content-Security-Policy in a browser', () => {
  it(
    'lets every page of the built web app run without a violation, signed out and signed in',
    { timeout: 150_000 },
    async () => {
      const { skins } = await appGraphql<{ skins: { content: { url: string }[] } }>(
        `{ skins(page: { page: 0, size: 1 }) { content { url } } }`,
      );
      const skinUrl = skins.content[0]!.url;
      session = await openBrowser();
      const { page, context } = session;
      // Every violation the browser reports, whatever the page does with its errors.
      await context.addInitScript(() => {
        window.cspViolations = [];
        document.addEventListener('securitypolicyviolation', (event) => {
          window.cspViolations!.push(
            `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
          );
        });
      });
      const consoleViolations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) consoleViolations.push(message.text());
      });

      const home = await page.goto('/');
      const policy = home?.headers()['content-security-policy'] ?? '';
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
      // The inline colour-scheme script ran (it is allowed by its hash): the scheme attribute is set.
      // The first page of a run loads its chunks cold.
      await expect
        .poll(() => page.getByText('FIND YOUR NEW RIDE').isVisible(), { timeout: 15_000 })
        .toBe(true);
      expect(
        await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme')),
      ).toBe('dark');

      for (const path of ['/skins', `/skins/${skinUrl}`, '/bundles', '/authors', '/installation-guide']) {
        await page.goto(path);
        await expect.poll(() => page.getByRole('contentinfo').isVisible(), { timeout: 10_000 }).toBe(true);
        await page.waitForLoadState('load');
      }
      await screenshot(page, 'csp-installation-guide');

      // Signed in (as the other journeys sign in), then the account pages with charts and forms.
      await context.addCookies([{ name: 'token', value: await logInDemo('author'), url: inject('appUrl') }]);
      for (const path of ['/me', '/me/dashboard', '/me/skins', '/me/publish/skin']) {
        await page.goto(path);
        await expect
          .poll(() => page.getByRole('main').getByRole('heading').first().isVisible(), { timeout: 10_000 })
          .toBe(true);
        await page.waitForLoadState('load');
      }
      await screenshot(page, 'csp-skin-editor');

      const violations = [...(await page.evaluate(() => window.cspViolations ?? [])), ...consoleViolations];
      expect(violations).toEqual([]);
    },
  );

  it('would report a violation: an injected inline script is blocked', async () => {
    session = await openBrowser();
    const { page } = session;
    await page.goto(`${inject('appUrl')}/`);
    const ran = await page.evaluate(async () => {
      const blocked = new Promise<string>((resolve) =>
        document.addEventListener('securitypolicyviolation', (event) => resolve(event.violatedDirective)),
      );
      const script = document.createElement('script');
      script.textContent = 'window.injected = true;';
      document.head.append(script);
      const directive = await Promise.race([
        blocked,
        new Promise<string>((resolve) => setTimeout(() => resolve(''), 2000)),
      ]);
      return { directive, injected: (window as { injected?: boolean }).injected === true };
    });
    expect(ran.injected).toBe(false);
    expect(ran.directive).toMatch(/^script-src/);
  });
});
