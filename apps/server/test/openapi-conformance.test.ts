/**
 * Conformance of the API to its own OpenAPI document (issue 16, item 10): every operation of the
 * document is called as anonymous, buyer, seller and admin, with inputs generated from its documented
 * schemas (valid ones, drawn from real records where a field names one, and invalid ones), and every
 * answer must have a status the operation lists and a body that its documented schema accepts.
 */
import { randomUUID } from 'node:crypto';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { InjectOptions } from 'fastify';
import type { OpenAPIV3 } from 'openapi-types';
import sharp from 'sharp';
import { describe, expect } from 'vitest';
import { authSecret } from '../src/config/auth-secret.ts';
import {
  carNameMappings,
  photos,
  reviewReports,
  reviews,
  vehicleAliases,
  vehicleMakes,
  vehicleModels,
} from '../src/db/schema.ts';
import { unsubscribeToken } from '../src/modules/notifications/unsubscribe-token.ts';
import {
  advertise,
  createBooking,
  createCar,
  createOffer,
  createPastTestDrive,
  ensureCategory,
  recordPayment,
} from './factories.ts';
import { it as base } from './fixtures.ts';
import { type Answer, as, asStream, signUpUser, TEST_PASSWORD, type TestUser } from './helpers.ts';

const it = base.extend('actors', { scope: 'file' }, { seller: { isVerified: true } });

type Actor = 'anonymous' | 'buyer' | 'seller' | 'admin';
const ACTORS: Actor[] = ['anonymous', 'buyer', 'seller', 'admin'];
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

let doc: OpenAPIV3.Document;
/** The app's secret, which signs an e-mail's unsubscribe link. */
let secret: string;
let ajv: Ajv;
const people = {} as Record<Exclude<Actor, 'anonymous'>, TestUser>;
let png: Buffer;
/** Real records that valid inputs name, used in turn. */
const pool = {
  carIds: [] as string[],
  unadvertisedCarIds: [] as string[],
  unreportedCarIds: [] as string[],
  /** Reported cars: half for dismissing their reports, half for deleting them. */
  reportedCarIds: { dismissReports: [] as string[], deleteReportedPost: [] as string[] },
  contactMessageIds: [] as string[],
  conversationIds: [] as string[],
  reportedConversationIds: [] as string[],
  /** The buyer's open offers on the seller's cars (the seller's turn), and accepted ones whose car is reserved. */
  offerIds: [] as string[],
  acceptedOfferIds: [] as string[],
  /** Cars reserved for another buyer, whose waitlists the buyer joins. */
  reservedCarIds: [] as string[],
  /** The buyer's saved searches. */
  savedSearchIds: [] as string[],
  bookingIds: [] as string[],
  /** Bookings with another time the seller proposed, for the buyer to take. */
  proposedBookingIds: [] as string[],
  paymentIds: [] as string[],
  photoKeys: [] as string[],
  clientSecrets: [] as string[],
  /** Recorded payments, each its booking and transaction: the buyer's report of one again is answered alike. */
  recordedPayments: [] as { bookingId: string; transactionId: string }[],
  /** An account the admin's valid deletion call removes. */
  victimEmails: [] as string[],
  /** Makes of the vehicle catalogue (filled as the app starts), and a model of the first. */
  vehicleMakeIds: [] as number[],
  vehicleModel: { id: 0, makeId: 0 },
  /** Makes of their own that a valid merge folds into the first of `vehicleMakeIds`. */
  mergedMakeIds: [] as number[],
  /** A make of its own: a model others are merged into, models to merge or delete, aliases to remove. */
  ownMake: { makeId: 0, keptModelId: 0, modelIds: [] as number[], aliasIds: [] as number[] },
  /** Typo matches of the cars' mapping, for a review each. */
  typoMappingIds: [] as number[],
  /** A seller who is an unverified dealer, for the admin to verify (the seller's own profile comes and goes). */
  dealerId: '',
  /** Previewed imports of the seller's, who is a dealer: each read, listed or committed. */
  importIds: [] as string[],
  /** The buyer's test drives that took place, to review. */
  reviewableBookingIds: [] as string[],
  /** The buyer's reviews of the seller, each operation its own (each answers, hides or reports one once). */
  reviewIds: {
    answerReview: [] as string[],
    reportReview: [] as string[],
    setReviewVisibility: [] as string[],
    dismissReviewReports: [] as string[],
  },
};
/**
 * Each list's next record, in turn: a list has its own place, so that the records one operation
 * gets do not depend on how many calls other operations made of other lists (a route added
 * elsewhere once gave the model that mergeVehicleModel had merged away to deleteVehicleModel).
 */
const places = new Map<unknown[], number>();
function next<T>(list: T[]): T {
  const place = places.get(list) ?? 0;
  places.set(list, place + 1);
  return list[place % list.length]!;
}
/** The recorded payment that the body being built reports. */
let reported: (typeof pool.recordedPayments)[number] | undefined;

interface Operation {
  path: string;
  method: (typeof METHODS)[number];
  operation: OpenAPIV3.OperationObject;
}

interface Case {
  label: string;
  options: InjectOptions;
}

// ---------------------------------------------------------------------------------------------
// The document's schemas, for generating inputs and validating answers

const resolve = <T>(value: T | OpenAPIV3.ReferenceObject): T => {
  if (value && typeof value === 'object' && '$ref' in value) {
    const [, , kind, name] = value.$ref.split('/');
    return resolve((doc.components as Record<string, Record<string, T>>)[kind!]![name!]!);
  }
  return value as T;
};

/** OpenAPI 3.0's `nullable` in JSON Schema terms, references pointing into the document. */
function toJsonSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toJsonSchema);
  if (!value || typeof value !== 'object') return value;
  const { nullable, ...rest } = value as Record<string, unknown>;
  const converted = Object.fromEntries(
    Object.entries(rest).map(([key, child]) =>
      key === '$ref'
        ? [key, `openapi${child}`]
        : [key, key === 'properties' ? mapValues(child) : toJsonSchema(child)],
    ),
  );
  return nullable ? { anyOf: [converted, { type: 'null' }] } : converted;
}
const mapValues = (object: unknown) =>
  Object.fromEntries(Object.entries(object as object).map(([key, child]) => [key, toJsonSchema(child)]));

const validators = new Map<unknown, ValidateFunction>();
function validatorOf(schema: OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject): ValidateFunction {
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile(toJsonSchema(schema) as object);
    validators.set(schema, validate);
  }
  return validate;
}

// ---------------------------------------------------------------------------------------------
// Valid values: named records first, then whatever the schema asks for

const futureDate = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

const BOOKING_OPERATIONS = new Set([
  'getBooking',
  'cancelBooking',
  'acceptBooking',
  'declineBooking',
  'proposeBookingTime',
]);

const VEHICLE_OPERATIONS = new Set([
  'addVehicleMake',
  'changeVehicleMake',
  'addVehicleModel',
  'renameVehicleModel',
]);
/** The operations on a make of their own (`pool.ownMake`), whose entries they merge, delete or remove. */
const OWN_MAKE_OPERATIONS = new Set(['mergeVehicleModel', 'deleteVehicleModel', 'removeVehicleAlias']);

const CONVERSATION_OPERATIONS = new Set(['listMessages', 'sendMessage', 'reportConversation']);

const OFFER_OPERATIONS = new Set(['getOffer', 'answerOffer', 'withdrawOffer']);
const IMPORT_OPERATIONS = new Set(['getImport', 'listImportRows', 'commitImport']);
/** An inventory file of one car's row (the form's rules refuse it: an upload to read, not a car). */
const INVENTORY_FILE = Buffer.from('stockNumber,brand\r\nS-1,Porsche\r\n');

const isReviewOperation = (operationId: string): operationId is keyof typeof pool.reviewIds =>
  operationId in pool.reviewIds;

/** Fields that name a record or carry a rule the schema cannot express, by operation and name. */
function named(operationId: string, name: string, actor: Actor): unknown {
  const own = actor === 'anonymous' ? people.buyer : people[actor];
  switch (name) {
    case 'id':
      if (operationId === 'listCategoryCars') return 'super-car';
      if (BOOKING_OPERATIONS.has(operationId)) return next(pool.bookingIds);
      if (operationId === 'acceptProposedTime') return next(pool.proposedBookingIds);
      if (operationId === 'refundPayment') return next(pool.paymentIds);
      if (operationId === 'verifyBuyer') return people.buyer.id;
      if (
        operationId === 'verifySeller' ||
        operationId === 'getSeller' ||
        operationId === 'listSellerReviews'
      )
        return people.seller.id;
      if (isReviewOperation(operationId)) return next(pool.reviewIds[operationId]);
      if (operationId === 'setDealerVerification' || operationId === 'listDealerVerifications')
        return pool.dealerId;
      if (operationId === 'setContactMessageHandled') return next(pool.contactMessageIds);
      if (IMPORT_OPERATIONS.has(operationId)) return next(pool.importIds);
      if (CONVERSATION_OPERATIONS.has(operationId)) return next(pool.conversationIds);
      if (OFFER_OPERATIONS.has(operationId)) return next(pool.offerIds);
      if (operationId === 'joinWaitlist') return next(pool.reservedCarIds);
      if (operationId === 'releaseOffer' || operationId === 'confirmPurchase')
        return next(pool.acceptedOfferIds);
      if (operationId === 'dismissConversationReports') return next(pool.reportedConversationIds);
      if (operationId === 'reviewCarNameMapping') return next(pool.typoMappingIds);
      if (operationId === 'changeSavedSearch' || operationId === 'deleteSavedSearch')
        return next(pool.savedSearchIds);
      // Never a reported car: Delete Post, later, needs those still there.
      if (operationId === 'deleteCar') return next(pool.unreportedCarIds);
      return next(pool.carIds);
    case 'ids':
      // The sellers whose ratings are read; a comparison's cars.
      if (operationId === 'listSellerRatings') return `${people.seller.id},${people.buyer.id}`;
      return pool.carIds.slice(0, 2).join(',');
    case 'carId':
      if (operationId === 'advertiseCar') return next(pool.unadvertisedCarIds);
      if (operationId === 'reportPost') return next(pool.unreportedCarIds);
      if (operationId === 'deleteReportedPost' || operationId === 'dismissReports')
        return next(pool.reportedCarIds[operationId]);
      return next(pool.carIds);
    case 'bookingId':
      if (operationId === 'postReview') return next(pool.reviewableBookingIds);
      if (operationId !== 'recordPayment') return next(pool.bookingIds);
      // The transaction named next is this booking's (bookingId comes first in the body).
      reported = next(pool.recordedPayments);
      return reported.bookingId;
    case 'offerId':
      // A payment names a booking or an offer, not both: sampled with bookings (offer-deposits.test.ts pays offers).
      return undefined;
    case 'categoryId':
      return 'super-car';
    case 'makeId':
      if (operationId === 'renameVehicleModel' || operationId === 'addVehicleAlias')
        return pool.vehicleModel.makeId;
      if (operationId === 'mergeVehicleMake') return next(pool.mergedMakeIds);
      if (OWN_MAKE_OPERATIONS.has(operationId)) return pool.ownMake.makeId;
      return next(pool.vehicleMakeIds);
    case 'modelId':
      if (OWN_MAKE_OPERATIONS.has(operationId)) return next(pool.ownMake.modelIds);
      return pool.vehicleModel.id;
    case 'aliasId':
      return next(pool.ownMake.aliasIds);
    case 'into':
      return operationId === 'mergeVehicleMake' ? pool.vehicleMakeIds[0] : pool.ownMake.keptModelId;
    case 'alias':
      return `Conformance ${randomUUID().slice(0, 8)}`;
    case 'country':
      return 'IT';
    case 'name':
      // A new make's or model's name, or a new name for one: each unlike the catalogue's.
      if (VEHICLE_OPERATIONS.has(operationId)) return `Conformance ${randomUUID().slice(0, 8)}`;
      return NOTHING;
    case 'email':
      if (operationId === 'signUpEmail') return `new-${randomUUID().slice(0, 8)}@example.test`;
      return operationId === 'deleteUser' ? next(pool.victimEmails) : own.email;
    case 'password':
    case 'newPassword':
      return TEST_PASSWORD;
    case 'phone':
      return '(512) 555-0142';
    case 'postalCode':
    case 'near':
      // A ZIP code the gazetteer knows.
      return '90210';
    case 'radius':
      return '50mi';
    case 'date':
      return futureDate();
    case 'photos':
      return [next(pool.photoKeys)];
    case 'clientSecret':
      return next(pool.clientSecrets);
    case 'transactionId':
      return reported?.transactionId ?? NOTHING;
    case 'stockNumber':
      // Each car its own: a stock number names one car of its seller.
      return `C-${randomUUID().slice(0, 8)}`;
    case 'vin':
      // A VIN vPIC decodes, and right for any year a car's body has (a check digit the schema cannot express).
      return '1HGCM82633A004352';
    case 'token':
      // An e-mail's unsubscribe link (the password reset's e-mailed token is another).
      if (operationId === 'getUnsubscribeLink' || operationId === 'unsubscribe')
        return unsubscribeToken(secret, { userId: own.id, kind: 'all' });
      return NOTHING;
    case 'items':
      // A kind every role receives.
      if (operationId === 'setNotificationPreferences')
        return [{ type: 'account.verified', inApp: true, email: true }];
      return NOTHING;
    case 'filters':
      // Each saved search its own: a buyer keeps a search once.
      return { q: `conformance ${randomUUID().slice(0, 8)}` };
    case 'card':
      return {
        number: '4242 4242 4242 4242',
        expMonth: 12,
        expYear: new Date().getFullYear() + 2,
        cvc: '123',
      };
    case 'role':
      return 'Buyer';
    case 'hours':
      return DEALER_HOURS;
    case 'logo':
      return null;
    case 'website':
      return 'https://dealer.example.com';
    case 'verified':
    case 'hidden':
      return true;
    case 'callbackURL':
    case 'errorCallbackURL':
      // A path of Redline's own: Better Auth refuses a redirect anywhere else.
      return '/';
    case 'cursor':
    case 'redirectTo':
    case 'image':
      return undefined;
    default:
      return NOTHING;
  }
}
const NOTHING = Symbol('nothing');
/** A dealer's week (a range's close after its open, which the generated times are not). */
const DEALER_HOURS = Object.fromEntries(
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [
    day,
    [{ open: '09:00', close: '17:00' }],
  ]),
);

function sample(
  schemaOrRef: OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject,
  operationId: string,
  actor: Actor,
): unknown {
  const schema = resolve(schemaOrRef);
  if (schema.allOf?.[0]) return sample(schema.allOf[0], operationId, actor);
  if (schema.anyOf?.[0]) return sample(schema.anyOf[0], operationId, actor);
  // A discriminated union (an offer's answer): its first kind.
  if (schema.oneOf?.[0]) return sample(schema.oneOf[0], operationId, actor);
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'object': {
      const object: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        const value = named(operationId, key, actor);
        if (value === undefined) continue;
        object[key] = value === NOTHING ? sample(property, operationId, actor) : value;
      }
      return object;
    }
    case 'array': {
      const items = (schema as OpenAPIV3.ArraySchemaObject).items;
      return Array.from({ length: Math.max(schema.minItems ?? 0, 1) }, () =>
        sample(items, operationId, actor),
      );
    }
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, Math.min(schema.maximum ?? 2000, 2000));
    case 'boolean':
      return false; // `sold: true` would take the cars that later calls name off sale
    default:
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'email') return `someone-${randomUUID().slice(0, 8)}@example.test`;
      if (schema.format === 'date') return futureDate();
      if (schema.pattern === '^([01]\\d|2[0-3]):[0-5]\\d$') return '10:30';
      return 'Conformance text'.padEnd(schema.minLength ?? 0, '.').slice(0, schema.maxLength ?? 100);
  }
}

// ---------------------------------------------------------------------------------------------
// Requests

function multipart(data: Buffer, field = 'file') {
  const boundary = `----conformance${randomUUID().slice(0, 8)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function casesOf({ path, method, operation }: Operation, actor: Actor): Case[] {
  const operationId = operation.operationId!;
  const parameters = (operation.parameters ?? []).map((p) => resolve(p)) as OpenAPIV3.ParameterObject[];
  const url = (params: Record<string, string>, query: Record<string, string>) => {
    const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
    const search = new URLSearchParams(query).toString();
    return search ? `${filled}?${search}` : filled;
  };
  const params: Record<string, string> = {};
  const query: Record<string, string> = {};
  for (const p of parameters) {
    const value = named(operationId, p.name, actor);
    if (value === undefined) continue;
    const chosen = value === NOTHING ? sample(p.schema!, operationId, actor) : value;
    (p.in === 'path' ? params : query)[p.name] = String(chosen);
  }
  const content = (resolve(operation.requestBody ?? { content: {} }) as OpenAPIV3.RequestBodyObject).content;
  const jsonBody = content['application/json']?.schema;
  const body = jsonBody ? (sample(jsonBody, operationId, actor) as Record<string, unknown>) : undefined;
  const upper = method.toUpperCase() as InjectOptions['method'];
  // As a browser sends them: the sign-in service refuses a cookie-carrying write without an Origin.
  const base = {
    method: upper,
    url: url(params, query),
    ...(operation.tags?.includes('auth') && { headers: { origin: 'http://localhost:3000' } }),
  };
  const cases: Case[] = [];

  if (content['multipart/form-data']) {
    cases.push({ label: 'a photo', options: { ...base, ...multipart(png) } });
    cases.push({ label: 'not an image', options: { ...base, ...multipart(Buffer.from('plain text')) } });
    cases.push({ label: 'an inventory file', options: { ...base, ...multipart(INVENTORY_FILE) } });
    cases.push({ label: 'another field', options: { ...base, ...multipart(png, 'other') } });
    cases.push({ label: 'JSON instead', options: { ...base, payload: { file: 'x' } } });
    return cases;
  }
  cases.push({ label: 'valid', options: { ...base, ...(body && { payload: body }) } });
  if (body) {
    cases.push({ label: 'empty body', options: { ...base, payload: {} } });
    const [first] = Object.keys(body);
    if (first) {
      const wrong = typeof body[first] === 'string' ? 12345 : 'not-the-type';
      cases.push({
        label: `${first} of the wrong type`,
        options: { ...base, payload: { ...body, [first]: wrong } },
      });
    }
    cases.push({
      label: 'broken JSON',
      options: { ...base, payload: '{"oops', headers: { 'content-type': 'application/json' } },
    });
  }
  for (const p of parameters.filter((p) => p.in === 'path')) {
    cases.push({
      label: `${p.name} unknown`,
      options: { ...base, url: url({ ...params, [p.name]: 'nope' }, query) },
    });
    cases.push({
      label: `${p.name} too long`,
      options: { ...base, url: url({ ...params, [p.name]: 'x'.repeat(150) }, query) },
    });
  }
  if (parameters.some((p) => p.name === 'limit')) {
    cases.push({ label: 'limit 0', options: { ...base, url: url(params, { ...query, limit: '0' }) } });
    cases.push({
      label: 'bad cursor',
      options: { ...base, url: url(params, { ...query, cursor: 'bm9wZQ' }) },
    });
  }
  return cases;
}

/** What is wrong with an answer, by the document; empty when it conforms. */
/** Whether the operation answers 200 with a stream of Server-Sent Events. */
function streams(operation: OpenAPIV3.OperationObject) {
  const ok = operation.responses['200'];
  return ok !== undefined && resolve(ok).content?.['text/event-stream'] !== undefined;
}

function nonConformance(operation: OpenAPIV3.OperationObject, res: Answer): string | undefined {
  const documented = operation.responses[String(res.statusCode)];
  if (!documented) return `status ${res.statusCode} is not documented: ${res.body.slice(0, 200)}`;
  const missing = Object.entries(resolve(documented).headers ?? {})
    .filter(([name, header]) => resolve(header).required && res.headers[name.toLowerCase()] === undefined)
    .map(([name]) => name);
  if (missing.length > 0) return `headers not sent: ${missing.join(', ')}`;
  const content = resolve(documented).content;
  if (content?.['text/event-stream'])
    return String(res.headers['content-type']).startsWith('text/event-stream')
      ? undefined
      : 'not an event stream';
  const file = Object.keys(content ?? {}).find((type) => type !== 'application/json');
  if (file) return String(res.headers['content-type']).startsWith(file) ? undefined : `not ${file}`;
  const schema = content?.['application/json']?.schema;
  if (!schema)
    return res.body === '' ? undefined : `a body where none is documented: ${res.body.slice(0, 200)}`;
  if (!String(res.headers['content-type']).startsWith('application/json')) return 'not JSON';
  const validate = validatorOf(schema);
  if (validate(res.json())) return undefined;
  return `body does not match: ${ajv.errorsText(validate.errors)}: ${res.body.slice(0, 200)}`;
}

// ---------------------------------------------------------------------------------------------

it.beforeAll(async ({ t, buyer, seller, admin }) => {
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  ajv.addSchema(toJsonSchema({ components: doc.components }) as object, 'openapi');

  secret = authSecret(t.context.config);
  Object.assign(people, { buyer, seller, admin });
  png = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();
  await ensureCategory(t, 'super-car');
  pool.vehicleMakeIds = (await t.db.select({ id: vehicleMakes.id }).from(vehicleMakes).limit(3)).map(
    (m) => m.id,
  );
  pool.vehicleModel = (
    await t.db.select({ id: vehicleModels.id, makeId: vehicleModels.makeId }).from(vehicleModels).limit(1)
  )[0]!;
  const ownMakes = await t.db
    .insert(vehicleMakes)
    .values(
      Array.from({ length: 7 }, (_, i) => ({
        name: `Conformance make ${i}`,
        slug: `conformance-make-${i}`,
        country: 'IT',
      })),
    )
    .returning({ id: vehicleMakes.id });
  pool.mergedMakeIds = ownMakes.slice(1).map((make) => make.id);
  const ownMakeId = ownMakes[0]!.id;
  const ownModels = await t.db
    .insert(vehicleModels)
    .values(
      Array.from({ length: 13 }, (_, i) => ({ makeId: ownMakeId, name: `Model ${i}`, slug: `model-${i}` })),
    )
    .returning({ id: vehicleModels.id });
  const ownAliases = await t.db
    .insert(vehicleAliases)
    .values(Array.from({ length: 6 }, (_, i) => ({ makeId: ownMakeId, alias: `Alias ${i}` })))
    .returning({ id: vehicleAliases.id });
  pool.ownMake = {
    makeId: ownMakeId,
    keptModelId: ownModels[0]!.id,
    modelIds: ownModels.slice(1).map((model) => model.id),
    aliasIds: ownAliases.map((alias) => alias.id),
  };
  const typos = await t.db
    .insert(carNameMappings)
    .values(
      Array.from({ length: 6 }, (_, i) => ({
        brand: `Porshce ${i}`,
        model: '911',
        shownBrand: 'Porsche',
        shownModel: '911',
        makeId: pool.vehicleMakeIds[1]!,
        makeMatch: 'typo' as const,
        cars: 0,
      })),
    )
    .returning({ id: carNameMappings.id });
  pool.typoMappingIds = typos.map((row) => row.id);
  const contact = {
    name: 'Conformance',
    email: 'conformance@example.test',
    message: 'A message to the team.',
  };
  const dealer = await signUpUser(t, 'Seller');
  const dealerProfile = {
    businessName: 'Conformance Motors',
    logo: null,
    street: '1 Conformance Way',
    postalCode: '90210',
    hours: DEALER_HOURS,
    phone: '(512) 555-0142',
    website: '',
    about: '',
  };
  expect(
    (await as(t, dealer, { method: 'PUT', url: '/api/me/dealer', payload: dealerProfile })).statusCode,
  ).toBe(200);
  pool.dealerId = dealer.id;
  // The seller is a dealer too, with imports to read and commit.
  const sellerAsDealer = { ...dealerProfile, businessName: 'Conformance Seller Motors' };
  expect(
    (await as(t, people.seller, { method: 'PUT', url: '/api/me/dealer', payload: sellerAsDealer }))
      .statusCode,
  ).toBe(200);
  for (let i = 0; i < 6; i += 1) {
    const previewed = await as(t, people.seller, {
      method: 'POST',
      url: '/api/dealer/imports',
      ...multipart(INVENTORY_FILE),
    });
    pool.importIds.push((previewed.json() as { id: string }).id);
  }
  // Stored directly: the buyer's review calls are rate-limited, and the document's calls need theirs.
  for (const list of [pool.reviewableBookingIds, ...Object.values(pool.reviewIds)]) {
    for (let i = 0; i < 3; i += 1) {
      const booking = await createPastTestDrive(
        t,
        people.buyer,
        await createCar(t, people.seller),
        people.seller,
      );
      if (list === pool.reviewableBookingIds) {
        list.push(booking.id);
        continue;
      }
      const [review] = await t.db
        .insert(reviews)
        .values({
          bookingId: booking.id,
          buyerId: people.buyer.id,
          sellerId: people.seller.id,
          carName: booking.carName,
          experience: 4,
          accuracy: 5,
          communication: 3,
          body: 'Conformance review.',
        })
        .returning({ id: reviews.id });
      list.push(review!.id);
      if (list === pool.reviewIds.dismissReviewReports)
        await t.db
          .insert(reviewReports)
          .values({ reviewId: review!.id, reporterId: people.admin.id, reason: 'Spam' });
    }
  }
  for (let i = 0; i < 3; i += 1) {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: contact,
      remoteAddress: '10.8.0.1',
    });
    pool.contactMessageIds.push((sent.json() as { id: string }).id);
  }
  for (let i = 0; i < 12; i += 1) {
    const key = `conformance-${i}-${randomUUID().slice(0, 8)}`;
    await t.db.insert(photos).values({ key, uploaderId: people.seller.id, width: 1600, height: 1200 });
    pool.photoKeys.push(key);
    const car = await createCar(t, people.seller);
    pool.carIds.push(car.id);
    if (i % 3 === 0) await advertise(t, car.id);
    else pool.unadvertisedCarIds.push(car.id);
    if (i % 3 === 1) {
      const report = { carId: car.id, reason: 'Suspected fraud' };
      await as(t, people.buyer, { method: 'POST', url: '/api/reportedpost', payload: report });
      pool.reportedCarIds[i % 2 ? 'dismissReports' : 'deleteReportedPost'].push(car.id);
    } else pool.unreportedCarIds.push(car.id);
    pool.victimEmails.push((await signUpUser(t, i % 2 ? 'Buyer' : 'Seller')).email);
    // An offer on a car of its own, which accepting it reserves; and an accepted one, to release.
    const offered = await createCar(t, people.seller);
    pool.offerIds.push((await createOffer(t, people.buyer, offered, people.seller)).id);
    const reserved = await createCar(t, people.seller, { reservedAt: new Date() });
    const accepted = await createOffer(t, people.buyer, reserved, people.seller, {
      status: 'accepted',
      turn: null,
      expiresAt: null,
    });
    pool.acceptedOfferIds.push(accepted.id);
    // A car reserved for someone else, whose waitlist the buyer joins.
    const waited = await createCar(t, people.seller, { reservedAt: new Date() });
    await createOffer(t, await signUpUser(t, 'Buyer'), waited, people.seller, {
      status: 'accepted',
      turn: null,
      expiresAt: null,
    });
    pool.reservedCarIds.push(waited.id);
    if (i < 3) {
      const started = await as(t, people.buyer, {
        method: 'POST',
        url: '/api/conversations',
        payload: { carId: car.id, message: 'Is it still available?' },
      });
      const { id } = started.json() as { id: string };
      pool.conversationIds.push(id);
      const search = await as(t, people.buyer, {
        method: 'POST',
        url: '/api/saved-searches',
        payload: { name: `Conformance ${i}`, filters: { q: `conformance${i}` } },
      });
      pool.savedSearchIds.push((search.json() as { id: string }).id);
      if (i === 0) {
        const report = { reason: 'Spam', details: '' };
        await as(t, people.seller, {
          method: 'POST',
          url: `/api/conversations/${id}/report`,
          payload: report,
        });
        pool.reportedConversationIds.push(id);
      }
    }
    if (i % 2) continue; // half the cars stay free to book
    const booking = await createBooking(t, people.buyer, car, people.seller);
    pool.bookingIds.push(booking.id);
    const proposed = await createBooking(t, people.buyer, car, people.seller, {
      proposedDate: futureDate(),
      proposedTime: '17:00',
    });
    pool.proposedBookingIds.push(proposed.id);
    if (i % 4 === 0) {
      const payment = await recordPayment(t, booking);
      pool.recordedPayments.push({ bookingId: booking.id, transactionId: payment.transactionId });
      pool.paymentIds.push(payment.id);
    } else {
      const intent = await as(t, people.buyer, {
        method: 'POST',
        url: '/api/create-payment-intent',
        payload: { bookingId: booking.id },
      });
      pool.clientSecrets.push((intent.json() as { clientSecret: string }).clientSecret);
    }
  }
});

describe('the API conforms to its OpenAPI document', () => {
  it('answers every operation, as every actor, only with the statuses and bodies the document describes', async ({
    t,
  }) => {
    const operations: Operation[] = Object.entries(doc.paths).flatMap(([path, item]) =>
      METHODS.filter((method) => item?.[method]).map((method) => ({
        path,
        method,
        operation: item![method] as OpenAPIV3.OperationObject,
      })),
    );
    // Deletions after the rest, so that records outlive the calls that read them; signing out last.
    const rank = ({ method, operation }: Operation) =>
      operation.operationId === 'signOut'
        ? 3
        : method === 'delete'
          ? 2
          : operation.tags?.includes('auth')
            ? 1
            : 0;
    operations.sort((a, b) => rank(a) - rank(b));

    const failures: string[] = [];
    const statuses = new Map<string, Set<number>>();
    let requests = 0;
    for (const entry of operations) {
      for (const actor of ACTORS) {
        const user = actor === 'anonymous' ? undefined : people[actor];
        // An event stream never ends: its answer is read up to its headers.
        const send = streams(entry.operation) ? asStream : as;
        for (const { label, options } of casesOf(entry, actor)) {
          const res = await send(t, user, options);
          requests += 1;
          const id = entry.operation.operationId!;
          statuses.set(id, (statuses.get(id) ?? new Set()).add(res.statusCode));
          const problem = nonConformance(entry.operation, res);
          if (problem)
            failures.push(`${id} as ${actor}, ${label} (${options.method} ${options.url}): ${problem}`);
          // A cached list revalidated with its ETag answers 304, which the document must list too.
          const etag = res.headers.etag;
          if (typeof etag === 'string' && res.statusCode === 200) {
            const again = await as(t, user, {
              ...options,
              headers: { ...options.headers, 'if-none-match': etag },
            });
            requests += 1;
            statuses.get(id)!.add(again.statusCode);
            const revalidated = nonConformance(entry.operation, again);
            if (revalidated) failures.push(`${id} as ${actor}, ${label} revalidated: ${revalidated}`);
          }
        }
      }
    }
    console.log(
      `conformance: ${operations.length} operations, ${requests} requests; statuses seen:\n${[...statuses]
        .map(([id, seen]) => `  ${id}: ${[...seen].sort().join(' ')}`)
        .join('\n')}`,
    );
    expect(failures).toEqual([]);
    // The valid inputs reach the services: every operation answered a success to someone, except
    // those whose success needs what no generated input has (an e-mailed token, a Stripe webhook
    // secret, Google, the actor's password, which would end the actors' sessions, a dealer's API key)
    // and the links that always redirect (302). A payment is reported again for a booking it paid
    // (200, the same payment). A dealer's team needs a dealer, which the seller
    // here is only now and then (its profile comes and goes), and its invitations' e-mailed tokens:
    // their successes are dealer-team.test.ts's and the authorization matrix's.
    const neverSucceeded = [...statuses]
      .filter(([, seen]) => ![...seen].some((status) => status < 300))
      .map(([id]) => id);
    expect(neverSucceeded.sort()).toEqual([
      'acceptTeamInvitation',
      'changePassword',
      'feedImport',
      'getTeamInvitation',
      'googleCallback',
      'inviteTeamMember',
      'receiveStripeEvent',
      'removeTeamMember',
      'resetPassword',
      'resetPasswordLink',
      'revokeTeamInvitation',
      'setTeamMemberRole',
      'signInSocial',
      'verifyEmail',
    ]);
  });
});
