/**
 * What search engines read of a car's page beside its HTML: the car as schema.org's `Car` with its
 * `Offer`, in JSON-LD (ADR 47). Only what the page itself shows: the seller by their public name and
 * page, never their e-mail or phone.
 */
import {
  type Car,
  carName,
  type Drivetrain,
  distanceIn,
  distanceUnitCode,
  MARKET_CURRENCY,
  type UnitSystem,
} from '@redline/shared';
import { paths } from '../../../config/paths.ts';

const SCHEMA = 'https://schema.org';

const DRIVE_WHEELS: Record<Drivetrain, string> = {
  FWD: `${SCHEMA}/FrontWheelDriveConfiguration`,
  RWD: `${SCHEMA}/RearWheelDriveConfiguration`,
  AWD: `${SCHEMA}/AllWheelDriveConfiguration`,
  '4WD': `${SCHEMA}/FourWheelDriveConfiguration`,
};

/**
 * The car's structured data, its addresses absolute on `origin`. Its mileage is the page's, in
 * `units` (a crawler's: the market's), with UN/CEFACT's code for them: SMI (miles) or KMT (km).
 * Prices are USD cents; schema.org's are in the unit.
 */
export function carStructuredData(car: Car, origin: string, units: UnitSystem) {
  const absolute = (path: string) => new URL(path, origin).href;
  const url = absolute(paths.car(car.id));
  return {
    '@context': SCHEMA,
    '@type': 'Car',
    name: carName(car),
    url,
    description: car.about,
    image: car.photos.map((photo) => absolute(photo.src)),
    brand: { '@type': 'Brand', name: car.brand },
    model: car.model,
    vehicleConfiguration: car.trim ?? undefined,
    vehicleModelDate: String(car.year),
    mileageFromOdometer: {
      '@type': 'QuantitativeValue',
      value: Math.round(distanceIn(car.kmDriven, units)),
      unitCode: distanceUnitCode(units),
    },
    vehicleIdentificationNumber: car.vin ?? undefined,
    vehicleEngine: { '@type': 'EngineSpecification', name: car.engine },
    fuelType: car.fuel,
    color: car.exteriorColourName ?? car.exteriorColour ?? undefined,
    vehicleInteriorColor: car.interiorColourName ?? car.interiorColour ?? undefined,
    bodyType: car.bodyStyle ?? undefined,
    vehicleTransmission: car.transmission ?? undefined,
    driveWheelConfiguration: car.drivetrain ? DRIVE_WHEELS[car.drivetrain] : undefined,
    numberOfDoors: car.doors ?? undefined,
    seatingCapacity: car.seats ?? undefined,
    numberOfPreviousOwners: car.previousOwners ?? undefined,
    offers: {
      '@type': 'Offer',
      url,
      price: car.askingPrice / 100,
      priceCurrency: MARKET_CURRENCY,
      availability: `${SCHEMA}/${car.soldAt ? 'SoldOut' : 'InStock'}`,
      seller: { '@type': 'Person', name: car.seller, url: absolute(paths.seller(car.sellerId)) },
      // Where the car is, as its page shows it: its city, state and ZIP code (never coordinates).
      availableAtOrFrom: car.location
        ? {
            '@type': 'Place',
            address: {
              '@type': 'PostalAddress',
              addressLocality: car.location.city,
              addressRegion: car.location.region,
              postalCode: car.location.postalCode,
              addressCountry: car.location.country,
            },
          }
        : undefined,
    },
  };
}

/**
 * JSON for the inside of a `<script>` element: `<`, `>` and `&` written as JSON escapes, so that no
 * text a seller typed (`</script>`, `<!--`) can end the element or change how HTML reads it, and the
 * two line separators JavaScript once refused in strings likewise. JSON.parse reads the same value.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
