/**
 * What a page's layout owes a phone (issues 44 and 49): nothing widens it past the window, whatever
 * users wrote, and an open dialog covers the window's whole width.
 */
import type { Page } from '@playwright/test';
import { expect } from '../fixtures.ts';
import { tag } from './marketplace.ts';

/** An unbroken word of `length` characters, unique to the run. */
export const longWord = (prefix: string, length: number) =>
  `${prefix}${tag()}${'q'.repeat(length)}`.slice(0, length);

/** The page is no wider than the window: nothing scrolls it sideways. */
export async function expectNoSidewaysScroll(page: Page, width: number) {
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `${page.url()} is wider than the window`).toBeLessThanOrEqual(width);
}

/** The open dialog (its backdrop, a bottom sheet on a phone) spans the window, no strip beside it. */
export async function expectDialogFullWidth(page: Page, width: number) {
  const dialog = page.locator('dialog[open]');
  await expect(dialog).toBeVisible();
  expect((await dialog.boundingBox())?.width, 'the open dialog’s width').toBe(width);
}
