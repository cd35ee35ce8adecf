/**
 * Screenshots for looking at a page (issue 49's "screenshots … looked at"): taken only when SHOTS_DIR
 * is set, at a phone's and a desktop's width, light and dark, as `<name>-<width>-<scheme>.png`.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';

export async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      // Loaded again at this width: the dashboard's drawer would otherwise be caught sliding.
      await page.reload();
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
      await page.screenshot({ path: path.join(dir, `${name}-${width}-${colorScheme}.png`), fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 720 });
}
