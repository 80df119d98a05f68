import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";

/**
 * A real browser for the GM console's tests: Debian's chromium driven by playwright-core
 * (`CHROMIUM_PATH` overrides where it is; nothing downloads a browser). Each "device" is a
 * fresh context: its own cookies.
 */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env["CHROMIUM_PATH"] ?? "/usr/bin/chromium",
    // Containers often run tests as root, where chromium's own sandbox cannot start.
    args: ["--no-sandbox", "--disable-dev-shm-usage"],
  });
}

export async function device(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  return { context, page: await context.newPage() };
}

/** The console link of a `/gm console` answer. */
export function linkOf(content: string): string {
  const url = /<(https?:\/\/[^>\s]+\/console\/enter\?t=[^>\s]+)>/.exec(content)?.[1];
  if (!url) throw new Error(`no console link in: ${content}`);
  return url;
}
