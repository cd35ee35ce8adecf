/** What generated cars are made of: per category, believable models with their engine, fuel, speed and price range. */
import type { Fuel } from '@redline/shared';

export interface ModelProfile {
  brand: string;
  model: string;
  engine: string;
  fuels: Fuel[];
  /** km/h */
  topSpeed: number;
  /** New price in USD. */
  newPrice: number;
  firstYear: number;
}

const m = (
  brand: string,
  model: string,
  engine: string,
  fuels: Fuel[],
  topSpeed: number,
  newPrice: number,
  firstYear = 2005,
): ModelProfile => ({ brand, model, engine, fuels, topSpeed, newPrice, firstYear });

/** Category ids are the demo categories' (packages/demo-art/src/demo-data.ts). */
export const MODELS_BY_CATEGORY: Record<string, ModelProfile[]> = {
  'daily-commuter': [
    m('Toyota', 'Corolla', '1.8 L inline-4', ['Petrol', 'Hybrid'], 195, 24_000, 1999),
    m('Honda', 'Civic', '1.5 L turbo inline-4', ['Petrol'], 200, 26_000, 1999),
    m('Volkswagen', 'Golf', '1.4 L TSI inline-4', ['Petrol', 'Diesel'], 210, 28_000, 1999),
    m('Mazda', 'Mazda3', '2.5 L inline-4', ['Petrol'], 205, 25_000, 2004),
    m('Hyundai', 'Elantra', '2.0 L inline-4', ['Petrol', 'Hybrid'], 190, 22_000, 2001),
    m('Ford', 'Focus', '1.0 L EcoBoost inline-3', ['Petrol', 'Diesel'], 195, 21_000, 1999),
    m('Kia', 'Ceed', '1.6 L CRDi inline-4', ['Diesel', 'Petrol'], 195, 23_000, 2007),
    m('Skoda', 'Octavia', '2.0 L TDI inline-4', ['Diesel', 'Petrol'], 220, 27_000, 1999),
  ],
  'eco-friendly': [
    m('Tesla', 'Model 3', 'dual-motor electric', ['Electric'], 233, 47_000, 2017),
    m('Tesla', 'Model Y', 'dual-motor electric', ['Electric'], 217, 52_000, 2020),
    m('Toyota', 'Prius', '1.8 L hybrid inline-4', ['Hybrid'], 180, 28_000, 2000),
    m('Hyundai', 'Ioniq 5', 'dual-motor electric', ['Electric'], 185, 45_000, 2021),
    m('Kia', 'EV6', 'dual-motor electric', ['Electric'], 188, 49_000, 2021),
    m('Nissan', 'Leaf', 'single-motor electric', ['Electric'], 157, 30_000, 2011),
    m('Volvo', 'XC40 Recharge', 'dual-motor electric', ['Electric'], 180, 54_000, 2020),
    m('BMW', 'i4 eDrive40', 'single-motor electric', ['Electric'], 190, 57_000, 2021),
  ],
  'family-car': [
    m('Volvo', 'XC90', '2.0 L turbo inline-4', ['Petrol', 'Diesel', 'Hybrid'], 230, 58_000, 2003),
    m('Toyota', 'RAV4', '2.5 L hybrid inline-4', ['Hybrid', 'Petrol'], 180, 33_000, 1999),
    m('Land Rover', 'Discovery', '3.0 L turbo inline-6', ['Diesel', 'Petrol'], 209, 62_000, 2004),
    m('Volkswagen', 'Passat Variant', '2.0 L TDI inline-4', ['Diesel'], 223, 36_000, 1999),
    m('Honda', 'CR-V', '1.5 L turbo inline-4', ['Petrol', 'Hybrid'], 190, 32_000, 1999),
    m('Kia', 'Sorento', '2.2 L CRDi inline-4', ['Diesel', 'Hybrid'], 205, 38_000, 2003),
    m('Audi', 'A6 Avant', '3.0 L TDI V6', ['Diesel', 'Petrol'], 250, 62_000, 1999),
    m('Ford', 'Explorer', '3.0 L EcoBoost V6', ['Petrol', 'Hybrid'], 230, 45_000, 1999),
  ],
  'grand-tourer': [
    m('Aston Martin', 'DB11 V8', '4.0 L twin-turbo V8', ['Petrol'], 309, 205_000, 2016),
    m('Bentley', 'Continental GT', '6.0 L twin-turbo W12', ['Petrol'], 333, 240_000, 2003),
    m('Mercedes-AMG', 'SL 63', '4.0 L twin-turbo V8', ['Petrol'], 315, 180_000, 2012),
    m('BMW', 'M8 Competition Coupé', '4.4 L twin-turbo V8', ['Petrol'], 305, 140_000, 2019),
    m('Porsche', '911 Carrera S', '3.0 L twin-turbo flat-6', ['Petrol'], 308, 130_000, 2005),
    m('Ferrari', 'Roma', '3.9 L twin-turbo V8', ['Petrol'], 320, 225_000, 2020),
    m('Maserati', 'GranTurismo', '4.7 L V8', ['Petrol'], 301, 150_000, 2008),
    m('Lexus', 'LC 500', '5.0 L V8', ['Petrol', 'Hybrid'], 270, 98_000, 2017),
  ],
  performance: [
    m('BMW', 'M3 Competition', '3.0 L twin-turbo inline-6', ['Petrol'], 290, 78_000, 2000),
    m('Mercedes-AMG', 'C 63 S', '4.0 L twin-turbo V8', ['Petrol'], 290, 82_000, 2008),
    m('Audi', 'RS 6 Avant', '4.0 L twin-turbo V8', ['Petrol'], 305, 121_000, 2008),
    m('Porsche', 'Cayman GT4', '4.0 L flat-6', ['Petrol'], 304, 102_000, 2015),
    m('Ford', 'Mustang Shelby GT500', '5.2 L supercharged V8', ['Petrol'], 290, 80_000, 2007),
    m('Nissan', 'GT-R', '3.8 L twin-turbo V6', ['Petrol'], 315, 115_000, 2008),
    m('Honda', 'Civic Type R', '2.0 L turbo inline-4', ['Petrol'], 275, 45_000, 2007),
    m('Toyota', 'GR Supra', '3.0 L turbo inline-6', ['Petrol'], 250, 56_000, 2019),
  ],
  'special-edition': [
    m('Porsche', '911 Sport Classic', '3.7 L twin-turbo flat-6', ['Petrol'], 315, 275_000, 2010),
    m('BMW', 'M4 CSL', '3.0 L twin-turbo inline-6', ['Petrol'], 307, 140_000, 2022),
    m('Ford', 'GT Heritage Edition', '3.5 L twin-turbo V6', ['Petrol'], 347, 750_000, 2005),
    m('Mercedes-AMG', 'GT Black Series', '4.0 L twin-turbo V8', ['Petrol'], 325, 325_000, 2020),
    m('Jaguar', 'F-Type Project 7', '5.0 L supercharged V8', ['Petrol'], 300, 165_000, 2015),
    m('Mazda', 'MX-5 100th Anniversary', '2.0 L inline-4', ['Petrol'], 220, 34_000, 2020),
    m('Lotus', 'Exige Cup 430', '3.5 L supercharged V6', ['Petrol'], 290, 125_000, 2017),
    m('Toyota', 'GR Yaris Circuit Pack', '1.6 L turbo inline-3', ['Petrol'], 230, 45_000, 2020),
  ],
  'super-car': [
    m('Ferrari', '488 GTB', '3.9 L twin-turbo V8', ['Petrol'], 330, 262_000, 2015),
    m('Ferrari', '296 GTB', '3.0 L twin-turbo V6 plug-in hybrid', ['Hybrid'], 330, 358_000, 2022),
    m('Lamborghini', 'Huracán EVO', '5.2 L V10', ['Petrol'], 325, 278_000, 2014),
    m('McLaren', '720S', '4.0 L twin-turbo V8', ['Petrol'], 341, 300_000, 2017),
    m('Audi', 'R8 V10 performance', '5.2 L V10', ['Petrol'], 331, 212_000, 2007),
    m('Porsche', '911 Turbo S', '3.8 L twin-turbo flat-6', ['Petrol'], 330, 230_000, 2005),
    m('Chevrolet', 'Corvette Z06', '5.5 L flat-plane V8', ['Petrol'], 312, 110_000, 2006),
    m('Lamborghini', 'Urus', '4.0 L twin-turbo V8', ['Petrol', 'Hybrid'], 305, 240_000, 2018),
  ],
};

export const COLOURS = [
  'black',
  'white',
  'silver',
  'grey',
  'deep blue',
  'racing red',
  'British racing green',
  'pearl white',
  'graphite',
  'orange',
];

const HISTORY = [
  'Full dealer service history with every stamp.',
  'Serviced every year by an independent specialist; invoices on file.',
  'One owner from new, garaged, non-smoker.',
  'Two previous owners, both long-term.',
  'Timing belt, brakes and tyres done within the last 5,000 km.',
  'Fresh inspection report included with the sale.',
];
const CONDITION = [
  'Paintwork is excellent with a couple of light stone chips on the nose.',
  'Interior is clean with light wear on the driver bolster.',
  'New tyres all round and a recent wheel alignment.',
  'Minor kerb marks on one wheel, noted in the photos.',
  'No accidents, no repaints, clean title.',
  'Ceramic coating applied last year; looks better than the photos.',
];
const EXTRAS = [
  'Two keys, books and the original floor mats are included.',
  'Comes with a set of winter wheels.',
  'Heated seats, parking camera and adaptive cruise control.',
  'Premium sound system and panoramic roof.',
  'Tow bar fitted by the dealer.',
  'Remaining factory warranty transfers to the buyer.',
];

/** 12345 → "12,345" (toLocaleString costs a microsecond per call, a second per million cars). */
const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

export function aboutText(pick: <T>(list: readonly T[]) => T, colour: string, km: number): string {
  return `Finished in ${colour}, ${thousands(km)} km. ${pick(HISTORY)} ${pick(CONDITION)} ${pick(EXTRAS)}`;
}

export const FIRST_NAMES = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Ava',
  'Mateo',
  'Sofia',
  'Lucas',
  'Mia',
  'Ethan',
  'Amara',
  'Kenji',
  'Priya',
  'Omar',
  'Chloe',
  'Diego',
  'Hana',
  'Tariq',
  'Freya',
  'Jonas',
];
export const LAST_NAMES = [
  'Smith',
  'Garcia',
  'Chen',
  'Patel',
  'Müller',
  'Rossi',
  'Kim',
  'Okafor',
  'Nguyen',
  'Johansson',
  'Silva',
  'Cohen',
  'Haddad',
  'Novak',
  'Dubois',
  'Tanaka',
];
export const DEALER_WORDS = ['Motors', 'Autohaus', 'Cars', 'Automotive', 'Prestige', 'Classics', 'Garage'];
export const CITIES = ['Miami', 'Austin', 'Seattle', 'Denver', 'Chicago', 'Boston', 'San Diego', 'Atlanta'];
