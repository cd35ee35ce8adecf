import { describe, expect, it } from 'vitest';
import {
  distanceIn,
  formatDistance,
  formatSpeed,
  KM_PER_MILE,
  kmFrom,
  kmUpTo,
  unitSystemFromCookies,
  wholeKmFrom,
} from './units.ts';

describe('conversions', () => {
  it('converts by the international mile exactly, both ways', () => {
    expect(distanceIn(KM_PER_MILE, 'imperial')).toBe(1);
    expect(kmFrom(1, 'imperial')).toBe(1.609344);
    expect(kmFrom(100, 'imperial')).toBeCloseTo(160.9344, 10);
    expect(distanceIn(8_400, 'metric')).toBe(8_400);
    expect(kmFrom(8_400, 'metric')).toBe(8_400);
  });

  it('stores whole miles typed so that they read back the same, for every mileage up to 500,000 mi', () => {
    for (let miles = 0; miles <= 500_000; miles++) {
      const km = wholeKmFrom(miles, 'imperial');
      if (!Number.isInteger(km) || Math.round(distanceIn(km, 'imperial')) !== miles)
        expect.fail(`${miles} mi stored as ${km} km reads ${distanceIn(km, 'imperial')} mi`);
    }
  });

  it('keeps the stored km when the miles it showed are typed back, for every mileage up to 500,000 km', () => {
    for (let km = 0; km <= 500_000; km++) {
      const shown = Math.round(distanceIn(km, 'imperial'));
      if (wholeKmFrom(shown, 'imperial', km) !== km) expect.fail(`${km} km shown as ${shown} mi drifted`);
    }
  });

  it('converts a changed number, and stores metric numbers as typed', () => {
    // 8,400 km shows as 5,220 mi, which typed anew is 8,400.78 km; 5,221 mi is 8,402.39 km.
    expect(wholeKmFrom(5_220, 'imperial', 8_400)).toBe(8_400);
    expect(wholeKmFrom(5_220, 'imperial')).toBe(8_401);
    expect(wholeKmFrom(5_221, 'imperial', 8_400)).toBe(8_402);
    expect(wholeKmFrom(205, 'imperial')).toBe(330);
    expect(wholeKmFrom(8_401, 'metric', 8_400)).toBe(8_401);
    expect(wholeKmFrom(330, 'metric')).toBe(330);
  });
});

describe('a limit typed in miles or km', () => {
  it('takes in every mileage shown at or under it, and none above, for every limit up to 500,000', () => {
    for (const system of ['imperial', 'metric'] as const)
      for (let limit = 0; limit <= 500_000; limit++) {
        const km = kmUpTo(limit, system);
        const shown = (at: number) => Math.round(distanceIn(at, system));
        if (shown(km) !== limit || shown(km + 1) !== limit + 1)
          expect.fail(`${limit} (${system}) is up to ${km} km, shown as ${shown(km)}`);
      }
  });

  it('is the limit itself in km, and the last km shown as the miles typed', () => {
    expect(kmUpTo(50_000, 'metric')).toBe(50_000);
    // 30,000 mi is 48,280.32 km; 48,281 km is 30,000.4 mi, 48,282 km 30,001.0 mi.
    expect(kmUpTo(30_000, 'imperial')).toBe(48_281);
    expect(kmUpTo(0, 'imperial')).toBe(0);
  });
});

describe('formatters', () => {
  it('writes a distance or a mileage in whole miles or km', () => {
    expect(formatDistance(8_400, 'imperial')).toBe('5,220 mi');
    expect(formatDistance(8_400, 'metric')).toBe('8,400 km');
    expect(formatDistance(0, 'imperial')).toBe('0 mi');
  });

  it('writes a speed given in km/h in whole mph or km/h', () => {
    expect(formatSpeed(330, 'imperial')).toBe('205 mph');
    expect(formatSpeed(330, 'metric')).toBe('330 km/h');
  });
});

describe('the choice of units in a cookie header', () => {
  it('reads redline-units among other cookies', () => {
    expect(unitSystemFromCookies('a=1; redline-units=metric; b=2')).toBe('metric');
    expect(unitSystemFromCookies('redline-units=imperial')).toBe('imperial');
  });

  it('reads no choice from a missing, unknown or other cookie', () => {
    expect(unitSystemFromCookies(undefined)).toBeUndefined();
    expect(unitSystemFromCookies('')).toBeUndefined();
    expect(unitSystemFromCookies('redline-units=furlongs')).toBeUndefined();
    expect(unitSystemFromCookies('not-redline-units=metric')).toBeUndefined();
  });
});
