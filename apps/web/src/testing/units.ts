/** A visitor's choice of units for one test, in the cookie the pages read it from (lib/units.ts). */
import { UNITS_COOKIE, type UnitSystem } from '@redline/shared';
import { onTestFinished } from 'vitest';

/** The cookie forgotten: the next test starts as a visitor who has not chosen. */
export function forgetUnitChoice() {
  // biome-ignore lint/suspicious/noDocumentCookie: the test sets the cookie as the app does.
  document.cookie = `${UNITS_COOKIE}=; Max-Age=0; Path=/`;
}

/** Makes the test's visitor one who chose `system`, until the test ends. */
export function chooseUnits(system: UnitSystem) {
  // biome-ignore lint/suspicious/noDocumentCookie: the test sets the cookie as the app does.
  document.cookie = `${UNITS_COOKIE}=${system}; Path=/`;
  onTestFinished(forgetUnitChoice);
}
