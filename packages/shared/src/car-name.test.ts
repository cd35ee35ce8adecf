import { describe, expect, it } from 'vitest';
import { carName, carTitle } from './car-name.ts';

describe('carName', () => {
  it('names a car by its year, make, model and trim, as every page, list, booking and payment shows it', () => {
    expect(carName({ year: 2021, brand: 'Porsche', model: '911', trim: 'GT3 RS' })).toBe(
      '2021 Porsche 911 GT3 RS',
    );
    expect(carName({ year: 2021, brand: 'Porsche', model: '911 GT3', trim: null })).toBe(
      '2021 Porsche 911 GT3',
    );
  });

  it('titles a car without its year where the year shows apart', () => {
    expect(carTitle({ brand: 'Porsche', model: '911', trim: 'GT3 RS' })).toBe('Porsche 911 GT3 RS');
    expect(carTitle({ brand: 'Lancia', model: 'Stratos HF', trim: null })).toBe('Lancia Stratos HF');
  });
});
