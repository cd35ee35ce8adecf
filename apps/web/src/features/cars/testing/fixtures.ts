/** Cars as the API returns them, for component tests; override what a test cares about. */
import type { AdvertisedCar, Car, Photo } from '@redline/shared';

export function photoFixture(key: string): Photo {
  return {
    key,
    src: `/uploads/${key}-960.webp`,
    srcSet: `/uploads/${key}-480.webp 480w, /uploads/${key}-960.webp 960w, /uploads/${key}-1600.webp 1600w`,
    width: 1600,
    height: 1200,
  };
}

export function carFixture(overrides: Partial<Car> = {}): Car {
  const photos = overrides.photos ?? [photoFixture('cover1'), photoFixture('side2')];
  return {
    id: '5f0c1a9e-0000-4000-8000-000000000001',
    year: 2021,
    brand: 'Porsche',
    model: '911 GT3 Touring',
    categoryId: 'sports',
    categoryName: 'Sports cars',
    engine: '4.0 L flat-six',
    fuel: 'Petrol',
    about:
      'One owner from new, full Porsche service history, paint protection film on the front, carbon bucket seats and the Chrono package.',
    askingPrice: 18_950_000,
    originalPrice: 21_500_000,
    topSpeed: 320,
    kmDriven: 12_500,
    photo: photos[0]?.src ?? '',
    photos,
    seller: 'Sam Seller',
    sellerEmail: 'sam@example.com',
    sellerVerified: true,
    addedDate: '2025-03-04T10:00:00.000Z',
    soldAt: null,
    isAdvertised: false,
    ...overrides,
  };
}

export function advertisedCarFixture(overrides: Partial<AdvertisedCar> = {}): AdvertisedCar {
  const { sellerEmail: _hidden, ...car } = carFixture(overrides as Partial<Car>);
  return { ...car, advertisedAt: '2025-03-05T10:00:00.000Z', ...overrides };
}
