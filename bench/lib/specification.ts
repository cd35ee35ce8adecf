/**
 * A generated car's specification, with the distributions a used-car marketplace sees: automatic
 * gearboxes mostly and manual ones in sports cars, white, black, grey and silver paint on most
 * cars, few previous owners, a clean title on all but a few per cent, and a VIN from 1981 on (a
 * chassis number before), with its check digit.
 */
import {
  type BodyStyle,
  type Colour,
  type Drivetrain,
  type Fuel,
  type TitleStatus,
  type Transmission,
  VIN_FROM_YEAR,
  vinCheckDigit,
  vinYearCharacter,
} from '@redline/shared';
import type { ModelProfile } from './catalogue.ts';

/** The generator's random numbers (data.ts's prng). */
interface Random {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(list: readonly T[]): T;
}

/** Values with their relative weights. */
type Weights<K extends string> = Partial<Record<K, number>>;

function pickWeighted<K extends string>(rnd: Random, weights: Weights<K>): K {
  const entries = Object.entries(weights) as [K, number][];
  let r = rnd.next() * entries.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [value, weight] of entries) {
    r -= weight;
    if (r < 0) return value;
  }
  return entries[0]![0];
}

/** The drivetrains of a body when the model does not name its own. */
const DRIVETRAINS_BY_BODY: Record<BodyStyle, Weights<Drivetrain>> = {
  Sedan: { FWD: 55, AWD: 30, RWD: 15 },
  Hatchback: { FWD: 85, AWD: 15 },
  Wagon: { FWD: 45, AWD: 45, RWD: 10 },
  SUV: { AWD: 60, FWD: 30, '4WD': 10 },
  Pickup: { '4WD': 60, RWD: 40 },
  Van: { FWD: 75, AWD: 15, RWD: 10 },
  Coupe: { RWD: 70, AWD: 25, FWD: 5 },
  Convertible: { RWD: 65, AWD: 20, FWD: 15 },
  Roadster: { RWD: 95, AWD: 5 },
};

/** Gearboxes by category: automatics everywhere, dual-clutch in supercars, manuals in sports cars. */
const TRANSMISSIONS_BY_CATEGORY: Record<string, Weights<Transmission>> = {
  'daily-commuter': { Automatic: 60, CVT: 25, Manual: 15 },
  'eco-friendly': { Automatic: 70, CVT: 30 },
  'family-car': { Automatic: 75, CVT: 22, Manual: 3 },
  'grand-tourer': { Automatic: 65, 'Dual-clutch': 30, Manual: 5 },
  performance: { Automatic: 40, 'Dual-clutch': 30, Manual: 30 },
  'special-edition': { Manual: 45, 'Dual-clutch': 35, Automatic: 20 },
  'super-car': { 'Dual-clutch': 88, Automatic: 7, Manual: 5 },
};
/** A classic's (a profile with a last year): from before dual-clutch gearboxes and CVTs, mostly manual. */
const CLASSIC_TRANSMISSIONS: Weights<Transmission> = { Manual: 75, Automatic: 25 };

/** Paint by popularity: white, black, grey and silver on three cars in four. */
const EXTERIOR: Weights<Colour> = {
  White: 27,
  Black: 21,
  Grey: 18,
  Silver: 11,
  Blue: 9,
  Red: 7,
  Green: 2,
  Brown: 1.5,
  Beige: 1.2,
  Yellow: 0.9,
  Orange: 0.8,
  Gold: 0.3,
  Purple: 0.3,
};
/** Sports and super cars wear the bright colours several times as often. */
const SPORTY_EXTERIOR: Weights<Colour> = { ...EXTERIOR, Red: 22, Yellow: 5, Orange: 4, Green: 6, Blue: 14 };
const SPORTY = new Set(['performance', 'special-edition', 'super-car']);
const INTERIOR: Weights<Colour> = { Black: 60, Grey: 15, Beige: 12, Brown: 8, Red: 3, White: 2 };

/** Everyday names of each colour, one picked per car (a maker's own names belong to its cars). */
const COLOUR_NAMES: Record<Colour, { exterior: string[]; interior: string[] }> = {
  White: {
    exterior: ['Pearl White', 'Glacier White', 'Alpine White', 'Arctic White'],
    interior: ['Ivory leather'],
  },
  Black: {
    exterior: ['Jet Black', 'Midnight Black', 'Obsidian Black'],
    interior: ['Black leather', 'Black cloth', 'Ebony'],
  },
  Grey: {
    exterior: ['Graphite Grey', 'Magnetic Grey', 'Gunmetal Grey', 'Chalk Grey'],
    interior: ['Ash Grey', 'Grey cloth'],
  },
  Silver: {
    exterior: ['Silver Metallic', 'Lunar Silver', 'Moonstone Silver'],
    interior: ['Silver Grey leather'],
  },
  Blue: {
    exterior: ['Deep Blue', 'Navy Blue', 'Sapphire Blue', 'Electric Blue'],
    interior: ['Navy leather'],
  },
  Red: { exterior: ['Racing Red', 'Flame Red', 'Ruby Red'], interior: ['Red leather', 'Bordeaux Red'] },
  Green: { exterior: ['British Racing Green', 'Forest Green', 'Lime Green'], interior: ['Green leather'] },
  Brown: { exterior: ['Bronze Metallic', 'Espresso Brown'], interior: ['Cognac leather', 'Saddle Brown'] },
  Beige: { exterior: ['Sand Beige', 'Champagne'], interior: ['Beige leather', 'Oyster', 'Parchment'] },
  Yellow: { exterior: ['Racing Yellow', 'Sunburst Yellow'], interior: ['Yellow leather'] },
  Orange: { exterior: ['Sunset Orange', 'Lava Orange'], interior: ['Orange leather'] },
  Gold: { exterior: ['Sunset Gold'], interior: ['Gold leather'] },
  Purple: { exterior: ['Amethyst Purple'], interior: ['Purple leather'] },
};

/** Doors (a tailgate counts as one) and seats by body, as "doors/seats". */
const DOORS_AND_SEATS: Record<BodyStyle, Weights<`${number}/${number}`>> = {
  Sedan: { '4/5': 1 },
  Hatchback: { '5/5': 85, '3/4': 15 },
  Wagon: { '5/5': 95, '5/7': 5 },
  SUV: { '5/5': 60, '5/7': 40 },
  Pickup: { '4/5': 75, '2/3': 25 },
  Van: { '5/7': 50, '5/8': 50 },
  Coupe: { '2/4': 65, '2/2': 35 },
  Convertible: { '2/4': 80, '2/2': 20 },
  Roadster: { '2/2': 1 },
};

const TITLES: Weights<TitleStatus> = { Clean: 97.5, Rebuilt: 1.2, Salvage: 1, Lemon: 0.3 };

/** Each make's world manufacturer identifier, the first three characters of its VINs. */
const WMI: Record<string, string> = {
  'Aston Martin': 'SCF',
  Audi: 'WAU',
  Bentley: 'SCB',
  BMW: 'WBA',
  Chevrolet: '1G1',
  Ferrari: 'ZFF',
  Ford: '1FA',
  Honda: '2HG',
  Hyundai: 'KMH',
  Jaguar: 'SAJ',
  Kia: 'KNA',
  Lamborghini: 'ZHW',
  'Land Rover': 'SAL',
  Lexus: 'JTH',
  Lotus: 'SCC',
  Maserati: 'ZAM',
  Mazda: 'JM1',
  McLaren: 'SBM',
  'Mercedes-Benz': 'WDD',
  MINI: 'WMW',
  Nissan: 'JN1',
  Porsche: 'WP0',
  Ram: '1C6',
  Škoda: 'TMB',
  Tesla: '5YJ',
  Toyota: 'JTD',
  Volkswagen: 'WVW',
  Volvo: 'YV1',
};
/** The characters a VIN may hold (no I, O or Q). */
const VIN_CHARACTERS = [...'ABCDEFGHJKLMNPRSTUVWXYZ0123456789'];

/** A made-up VIN of a car of this make and year, with its check digit; a chassis number before 1981. */
function vinOf(rnd: Random, brand: string, year: number): string {
  if (year < VIN_FROM_YEAR) return String(rnd.int(100_000, 99_999_999));
  const wmi = WMI[brand];
  if (!wmi) throw new Error(`bench/lib/specification.ts has no VIN prefix for ${brand}`);
  const descriptor = Array.from({ length: 5 }, () => rnd.pick(VIN_CHARACTERS)).join('');
  const plant = rnd.pick(VIN_CHARACTERS);
  const serial = String(rnd.int(0, 999_999)).padStart(6, '0');
  const vin = `${wmi}${descriptor}0${vinYearCharacter(year)}${plant}${serial}`;
  return `${vin.slice(0, 8)}${vinCheckDigit(vin)}${vin.slice(9)}`;
}

/** Previous owners: mostly none or one, more with age (a classic has had several). */
function ownersOf(rnd: Random, age: number): number {
  const mean = 0.4 + Math.min(age, 30) / 8;
  return Math.min(Math.floor(-Math.log(1 - rnd.next()) * mean), 15);
}

/** The specification columns of a generated car (the cars table's names). */
export function specificationOf(
  rnd: Random,
  profile: ModelProfile,
  categoryId: string,
  fuel: Fuel,
  year: number,
  age: number,
) {
  const transmission =
    profile.lastYear !== undefined
      ? pickWeighted(rnd, CLASSIC_TRANSMISSIONS)
      : fuel === 'Electric'
        ? 'Automatic'
        : pickWeighted(rnd, TRANSMISSIONS_BY_CATEGORY[categoryId]!);
  const exteriorColour = pickWeighted(rnd, SPORTY.has(categoryId) ? SPORTY_EXTERIOR : EXTERIOR);
  const interiorColour = pickWeighted(rnd, INTERIOR);
  const [doors, seats] =
    categoryId === 'super-car' && profile.body === 'Coupe'
      ? [2, 2]
      : pickWeighted(rnd, DOORS_AND_SEATS[profile.body]).split('/').map(Number);
  return {
    trim: profile.trims.length > 0 ? rnd.pick(profile.trims) : null,
    vin: vinOf(rnd, profile.brand, year),
    body_style: profile.body,
    transmission,
    drivetrain:
      profile.drivetrains.length > 0
        ? rnd.pick(profile.drivetrains)
        : pickWeighted(rnd, DRIVETRAINS_BY_BODY[profile.body]),
    exterior_colour: exteriorColour,
    exterior_colour_name: rnd.pick(COLOUR_NAMES[exteriorColour].exterior),
    interior_colour: interiorColour,
    interior_colour_name: rnd.pick(COLOUR_NAMES[interiorColour].interior),
    doors,
    seats,
    previous_owners: ownersOf(rnd, age),
    title_status: pickWeighted(rnd, TITLES),
  };
}
