import { QueryClientProvider } from '@tanstack/react-query';
import { Ajv } from 'ajv';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { SiteOriginContext } from '../../../lib/site-origin.ts';
import { aCar } from '../../../testing/fixtures/car.ts';
import { chooseUnits } from '../../../testing/units.ts';
import { CarStructuredData } from '../components/car-structured-data.tsx';

const ORIGIN = 'https://redline.example';
const absoluteUrl = { type: 'string', pattern: '^https://redline\\.example/' };
const text = { type: 'string', minLength: 1 };

/**
 * What search engines are promised of a car (schema.org's Car and Offer, as ADR 47 lists them): each
 * field typed as schema.org and Google's vehicle listings read it, the seller by name and page only,
 * and nothing else (no e-mail, no phone).
 */
const CAR_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: [
    '@context',
    '@type',
    'name',
    'url',
    'image',
    'brand',
    'model',
    'vehicleModelDate',
    'mileageFromOdometer',
    'fuelType',
    'offers',
  ],
  properties: {
    '@context': { const: 'https://schema.org' },
    '@type': { const: 'Car' },
    name: text,
    url: absoluteUrl,
    description: text,
    image: { type: 'array', minItems: 1, items: absoluteUrl },
    brand: {
      type: 'object',
      additionalProperties: false,
      required: ['@type', 'name'],
      properties: { '@type': { const: 'Brand' }, name: text },
    },
    model: text,
    vehicleConfiguration: text,
    vehicleModelDate: { type: 'string', pattern: '^\\d{4}$' },
    mileageFromOdometer: {
      type: 'object',
      additionalProperties: false,
      required: ['@type', 'value', 'unitCode'],
      properties: {
        '@type': { const: 'QuantitativeValue' },
        value: { type: 'integer', minimum: 0 },
        unitCode: { enum: ['KMT', 'SMI'] },
      },
    },
    vehicleIdentificationNumber: { type: 'string', pattern: '^[A-Z0-9]+$' },
    vehicleEngine: {
      type: 'object',
      additionalProperties: false,
      required: ['@type', 'name'],
      properties: { '@type': { const: 'EngineSpecification' }, name: text },
    },
    fuelType: text,
    color: text,
    vehicleInteriorColor: text,
    bodyType: text,
    vehicleTransmission: text,
    driveWheelConfiguration: {
      enum: ['FrontWheel', 'RearWheel', 'AllWheel', 'FourWheel'].map(
        (drive) => `https://schema.org/${drive}DriveConfiguration`,
      ),
    },
    numberOfDoors: { type: 'integer', minimum: 1 },
    seatingCapacity: { type: 'integer', minimum: 1 },
    numberOfPreviousOwners: { type: 'integer', minimum: 0 },
    offers: {
      type: 'object',
      additionalProperties: false,
      required: ['@type', 'url', 'price', 'priceCurrency', 'availability', 'seller'],
      properties: {
        '@type': { const: 'Offer' },
        url: absoluteUrl,
        price: { type: 'number', minimum: 0 },
        priceCurrency: { const: 'USD' },
        availability: { enum: ['https://schema.org/InStock', 'https://schema.org/SoldOut'] },
        seller: {
          type: 'object',
          additionalProperties: false,
          required: ['@type', 'name'],
          properties: { '@type': { enum: ['Person', 'Organization'] }, name: text, url: absoluteUrl },
        },
        availableAtOrFrom: {
          type: 'object',
          additionalProperties: false,
          required: ['@type', 'address'],
          properties: {
            '@type': { const: 'Place' },
            address: {
              type: 'object',
              additionalProperties: false,
              required: ['@type', 'addressLocality', 'addressRegion', 'postalCode', 'addressCountry'],
              properties: {
                '@type': { const: 'PostalAddress' },
                addressLocality: text,
                addressRegion: { type: 'string', pattern: '^[A-Z]{2}$' },
                postalCode: { type: 'string', pattern: '^[0-9]{5}$' },
                addressCountry: { const: 'US' },
              },
            },
          },
        },
      },
    },
  },
};
const validate = new Ajv({ allErrors: true, strict: true }).compile(CAR_SCHEMA);

/** The car's JSON-LD as the server writes it into the page, read back as a browser's HTML parser reads it. */
function structuredDataOf(car: ReturnType<typeof aCar>) {
  const html = renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client: createQueryClient() },
      createElement(SiteOriginContext, { value: ORIGIN }, createElement(CarStructuredData, { car })),
    ),
  );
  const document = new DOMParser().parseFromString(`<body>${html}<p>after</p></body>`, 'text/html');
  const scripts = document.querySelectorAll('script');
  expect(scripts).toHaveLength(1);
  expect(scripts[0]?.type).toBe('application/ld+json');
  // Nothing the seller typed ended the script early: what follows it is still the page's.
  expect(document.body.lastElementChild?.outerHTML).toBe('<p>after</p>');
  return { html, data: JSON.parse(scripts[0]?.textContent ?? '') as Record<string, unknown> };
}

describe('a car as schema.org structured data', () => {
  it("describes the car and its offer by the schema, with absolute addresses and its mileage in the market's miles", () => {
    const { data } = structuredDataOf(aCar({ trim: 'Touring' }));
    expect(validate(data), JSON.stringify(validate.errors)).toBe(true);
    expect(data).toMatchObject({
      name: '2021 Porsche 911 GT3 Touring Touring',
      url: `${ORIGIN}/cars/id/5f0c1a9e-0000-4000-8000-000000000001`,
      brand: { name: 'Porsche' },
      vehicleModelDate: '2021',
      // 12,500 km, as the page shows it.
      mileageFromOdometer: { value: 7_767, unitCode: 'SMI' },
      vehicleIdentificationNumber: 'WP0ZZZ99ZMS201234',
      color: 'GT Silver',
      driveWheelConfiguration: 'https://schema.org/RearWheelDriveConfiguration',
      offers: {
        price: 189_500,
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        seller: { '@type': 'Person', name: 'Sam Seller', url: `${ORIGIN}/sellers/seller-sam` },
        availableAtOrFrom: {
          '@type': 'Place',
          address: {
            '@type': 'PostalAddress',
            addressLocality: 'Beverly Hills',
            addressRegion: 'CA',
            postalCode: '90210',
            addressCountry: 'US',
          },
        },
      },
    });
    expect((data.image as string[])[0]).toMatch(/^https:\/\/redline\.example\/uploads\//);
  });

  it('gives the mileage in km, as stored, with the page in km', () => {
    chooseUnits('metric');
    const { data } = structuredDataOf(aCar({ kmDriven: 8_400 }));
    expect(validate(data), JSON.stringify(validate.errors)).toBe(true);
    expect(data).toMatchObject({ mileageFromOdometer: { value: 8_400, unitCode: 'KMT' } });
  });

  it('leaves out what the car does not have, and says when it is sold', () => {
    const { data } = structuredDataOf(
      aCar({
        vin: null,
        bodyStyle: null,
        drivetrain: null,
        doors: null,
        location: null,
        soldAt: '2025-04-01T10:00:00.000Z',
      }),
    );
    expect(validate(data), JSON.stringify(validate.errors)).toBe(true);
    expect(data).not.toHaveProperty('vehicleIdentificationNumber');
    expect(data.offers).not.toHaveProperty('availableAtOrFrom');
    expect(data).not.toHaveProperty('driveWheelConfiguration');
    expect(data).toMatchObject({ offers: { availability: 'https://schema.org/SoldOut' } });
  });

  it("keeps a seller's text inside the script, however it tries to close it", () => {
    const trim = '</script><script>alert(1)</script>';
    const about = 'Mint. </SCRIPT ><!-- <script> & \u2028 done';
    const { html, data } = structuredDataOf(aCar({ trim, about }));
    expect(html.match(/<\/script/gi)).toHaveLength(1);
    expect(data).toMatchObject({ vehicleConfiguration: trim, description: about });
    expect(validate(data), JSON.stringify(validate.errors)).toBe(true);
  });
});
