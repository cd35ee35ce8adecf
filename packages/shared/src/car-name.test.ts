import { describe, expect, it } from 'vitest';
import { carName } from './car-name.ts';

describe('carName', () => {
  it('names a car by its year, brand and model, as every page, list, booking and payment shows it', () => {
    expect(carName({ year: 2021, brand: 'Porsche', model: '911 GT3' })).toBe('2021 Porsche 911 GT3');
  });
});
