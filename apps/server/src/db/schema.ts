/**
 * The one PostgreSQL schema of Redline, for PGlite and PostgreSQL alike.
 * Better Auth's tables (users, sessions, accounts, verifications) live here too, so a user row
 * is at once the sign-in identity and the marketplace user of the spec.
 * Money is integer USD cents; constraints make the bad states of the spec impossible.
 * Timestamps keep milliseconds, as JavaScript dates do, so keyset cursors built from them are exact.
 */
import {
  type AlertFrequency,
  CATEGORIES_MAX,
  type CancelReason,
  type CarSearchFilters,
  type RefundReason,
  type RefundStatus,
  type StoredBookingStatus,
} from '@redline/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** PostgreSQL's full-text document type (Drizzle has none built in). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const createdAt = () => timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, precision: 3 })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    role: text('role', { enum: ['Buyer', 'Seller', 'Admin'] })
      .notNull()
      .default('Buyer'),
    isVerified: boolean('is_verified').notNull().default(false),
    /**
     * The verified name its owner has changed since: set, the admin lists ask to re-verify. A rename
     * of a verified user clears isVerified and sets this in the same statement (the trigger of
     * migration 0002), whichever code path changes the name.
     */
    renamedFrom: text('renamed_from'),
    /** Demo rows are owned by the seed; the seed refuses to touch a database with other rows. */
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('users_role_check', sql`${t.role} in ('Buyer', 'Seller', 'Admin')`),
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
    index('users_role_idx').on(t.role, t.createdAt, t.id),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true, precision: 3 }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true, precision: 3 }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('accounts_user_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

export const categories = pgTable(
  'categories',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull().unique(),
    icon: text('icon').notNull(),
    image: text('image').notNull(),
    position: integer('position').notNull(),
  },
  // Unique positions from 1 to CATEGORIES_MAX: the list of categories (and a search's counts by
  // category) can be no longer.
  (t) => [
    uniqueIndex('categories_position_idx').on(t.position),
    check('categories_position_range', sql`${t.position} between 1 and ${sql.raw(String(CATEGORIES_MAX))}`),
  ],
);

export const cars = pgTable(
  'cars',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    year: integer('year').notNull(),
    brand: text('brand').notNull(),
    model: text('model').notNull(),
    categoryId: text('category_id')
      .notNull()
      .references(() => categories.id),
    engine: text('engine').notNull(),
    fuel: text('fuel', { enum: ['Petrol', 'Diesel', 'Electric', 'Hybrid'] }).notNull(),
    about: text('about').notNull(),
    askingPrice: integer('asking_price').notNull(),
    originalPrice: integer('original_price').notNull(),
    topSpeed: integer('top_speed').notNull(),
    kmDriven: integer('km_driven').notNull(),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Photo keys in display order; the first is the cover. */
    photos: text('photos').array().notNull(),
    addedDate: timestamp('added_date', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    soldAt: timestamp('sold_at', { withTimezone: true, precision: 3 }),
    updatedAt: updatedAt(),
    /**
     * When the asking price last went down, null once it goes up again: set by the database itself
     * (the trigger of migration 0003), whichever code path changes the price.
     */
    priceDroppedAt: timestamp('price_dropped_at', { withTimezone: true, precision: 3 }),
    /**
     * The search's folded texts (lower case, accents removed by `redline_fold`, migration 0003),
     * kept by the database: the words of the engine and about texts (full text, no stemming; since
     * migration 0004, not the name's, which the name's own match covers), the name (brand and model)
     * matched with typos and suggested, and the brand filtered on.
     */
    searchWords: tsvector('search_words').generatedAlwaysAs(
      sql`to_tsvector('simple'::regconfig, redline_fold(engine || ' ' || about))`,
    ),
    nameKey: text('name_key').generatedAlwaysAs(sql`redline_fold(brand || ' ' || model)`),
    brandKey: text('brand_key').generatedAlwaysAs(sql`redline_fold(brand)`),
    /**
     * Whether the seller is verified, kept by the database (the triggers of migration 0004) when a car
     * is posted and when its seller is verified or loses it: the search filters on it and counts it
     * (`car_counts`) without reading the users.
     */
    sellerVerified: boolean('seller_verified').notNull().default(false),
    /**
     * A number per car, in the order they were added: the slot of the search's columns in memory
     * (catalogue/car-columns.ts), which a set of cars (those whose text has a word) lists compactly.
     */
    seq: integer('seq').notNull().generatedAlwaysAsIdentity(),
  },
  (t) => {
    // What a search's filters read of a car, in the order the indexes below keep them.
    const filters = [t.categoryId, t.fuel, t.year, t.sellerVerified, t.askingPrice, t.kmDriven, t.brandKey];
    return [
      check('cars_fuel_check', sql`${t.fuel} in ('Petrol', 'Diesel', 'Electric', 'Hybrid')`),
      check('cars_year_check', sql`${t.year} between 1999 and 2100`),
      check('cars_prices_check', sql`${t.askingPrice} >= 0 and ${t.originalPrice} >= 0`),
      check('cars_numbers_check', sql`${t.topSpeed} > 0 and ${t.kmDriven} >= 0`),
      check('cars_photos_check', sql`cardinality(${t.photos}) between 1 and 10`),
      // Newest first, in the order the keyset queries ask for: PostgreSQL's `DESC` means NULLS FIRST,
      // while Drizzle writes `DESC NULLS LAST` unless told, an order the planner cannot use for them.
      index('cars_category_idx').on(t.categoryId, t.addedDate.desc().nullsFirst(), t.id.desc().nullsFirst()),
      index('cars_seller_idx').on(t.sellerId, t.addedDate.desc().nullsFirst(), t.id.desc().nullsFirst()),
      // Finds the car that lists a photo (photo cleanup) without scanning every car.
      index('cars_photos_idx').using('gin', t.photos),
      // The search (modules/cars/car-search.ts): cars for sale only, one index per sort order, the
      // words and the name's trigrams (typos).
      index('cars_unsold_newest_idx')
        .on(t.addedDate.desc().nullsFirst(), t.id.desc().nullsFirst())
        .where(sql`${t.soldAt} is null`),
      index('cars_unsold_price_idx').on(t.askingPrice, t.id).where(sql`${t.soldAt} is null`),
      index('cars_unsold_km_idx').on(t.kmDriven, t.id).where(sql`${t.soldAt} is null`),
      index('cars_unsold_year_idx')
        .on(t.year.desc().nullsFirst(), t.id.desc().nullsFirst())
        .where(sql`${t.soldAt} is null`),
      index('cars_unsold_brand_idx')
        .on(t.brandKey, t.addedDate.desc().nullsFirst(), t.id.desc().nullsFirst())
        .where(sql`${t.soldAt} is null`),
      // A page that gathers few cars finds them by their cells here (`car_counts`' cells with cars): its
      // first columns are a cell's, the filters' follow, then what a page reads of a car (its order's
      // keys), so that the gathering reads the index alone, not the table (migration 0011).
      index('cars_unsold_facets_idx')
        .on(t.nameKey, ...filters, t.addedDate, t.id)
        .where(sql`${t.soldAt} is null`),
      index('cars_unsold_words_idx').using('gin', t.searchWords).where(sql`${t.soldAt} is null`),
      // A search with text that matches few cars reads them by the seqs its counts found (PageReading.seqs),
      // from this index alone: all a page reads of a car, the name for its relevance (migration 0012).
      index('cars_unsold_seq_idx')
        .on(t.seq, t.nameKey, t.addedDate, t.id, t.askingPrice, t.kmDriven, t.year)
        .where(sql`${t.soldAt} is null`),
      // The cars of one name newest first: a relevance page reads each matching name's in turn. The
      // filters' columns follow the order's, so that a page reads from the table only the cars that
      // pass them (migration 0009): without them, a name whose newest cars mostly fail the filters was
      // read row by row, or all its rows fetched and sorted (0.2–0.6 s at a million cars).
      index('cars_unsold_name_idx')
        .on(t.nameKey, t.addedDate.desc().nullsFirst(), t.id.desc().nullsFirst(), ...filters)
        .where(sql`${t.soldAt} is null`),
    ];
  },
);

/**
 * How many cars are for sale in each cell of the search's discrete filters (name, so brand too,
 * category, fuel, year, verified seller): kept by the database (the statement triggers of migration
 * 0004, as migration 0010 left them), so that a page that gathers few cars reads only the cells with
 * cars under its filters (car-search.ts).
 */
export const carCounts = pgTable(
  'car_counts',
  {
    categoryId: text('category_id').notNull(),
    nameKey: text('name_key').notNull(),
    /** The name's brand (`cars.brand_key`): the same for every car of the name. */
    brandKey: text('brand_key').notNull(),
    fuel: text('fuel').notNull(),
    year: integer('year').notNull(),
    sellerVerified: boolean('seller_verified').notNull(),
    carsForSale: integer('cars_for_sale').notNull(),
  },
  (t) => [primaryKey({ columns: [t.nameKey, t.categoryId, t.fuel, t.year, t.sellerVerified] })],
);

/**
 * Each brand and model name of the cars (folded, `cars.name_key`) with how many of them are for sale:
 * what the search box suggests, kept by the database (the statement triggers of migration 0003), so
 * that the names are a few thousand rows instead of a million cars grouped. The server keeps those
 * for sale in memory for the suggestions (catalogue/search-catalogue.ts); the search finds the
 * names a word resembles by their trigrams.
 */
export const carNames = pgTable(
  'car_names',
  {
    nameKey: text('name_key').primaryKey(),
    brandKey: text('brand_key').notNull(),
    /** The spelling shown: of all the sellers', the one that sorts first byte by byte (capitals first). */
    brand: text('brand').notNull(),
    model: text('model').notNull(),
    carsForSale: integer('cars_for_sale').notNull(),
  },
  (t) => [index('car_names_trgm_idx').using('gin', t.nameKey.op('gin_trgm_ops'))],
);

/** Every asking price a car has had, the first at its posting: written by the trigger of migration 0003. */
export const carPrices = pgTable(
  'car_prices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    carId: uuid('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    askingPrice: integer('asking_price').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('car_prices_car_idx').on(t.carId, t.changedAt, t.id)],
);

/** Photos uploaded by sellers; unattached ones are removed after a day. */
export const photos = pgTable(
  'photos',
  {
    key: text('key').primaryKey(),
    uploaderId: text('uploader_id').references(() => users.id, { onDelete: 'set null' }),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('photos_created_idx').on(t.createdAt)],
);

export const advertisements = pgTable(
  'advertisements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    carId: uuid('car_id')
      .notNull()
      .unique()
      .references(() => cars.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('advertisements_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

/**
 * Test-drive bookings. The car and people are copied in as text so that paid bookings stay
 * readable for accounting after the car or a user is deleted (their ids then become null).
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    carId: uuid('car_id').references(() => cars.id, { onDelete: 'set null' }),
    carName: text('car_name').notNull(),
    carPhoto: text('car_photo').notNull(),
    sellerId: text('seller_id').references(() => users.id, { onDelete: 'set null' }),
    sellerName: text('seller_name').notNull(),
    sellerEmail: text('seller_email').notNull(),
    buyerId: text('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    buyerPhone: text('buyer_phone').notNull(),
    requestedDate: date('requested_date').notNull(),
    requestedTime: text('requested_time').notNull(),
    requestedLocation: text('requested_location').notNull(),
    price: integer('price').notNull(),
    isPaid: boolean('is_paid').notNull().default(false),
    /** One of STORED_BOOKING_STATUSES; `completed` and `expired` are told from the time when read. */
    status: text('status').$type<StoredBookingStatus>().notNull().default('requested'),
    /** Another time the seller proposed, until the buyer takes it (both set, or neither). */
    proposedDate: date('proposed_date'),
    proposedTime: text('proposed_time'),
    /** Why a cancelled booking was cancelled (CANCEL_REASONS). */
    cancelReason: text('cancel_reason').$type<CancelReason>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('bookings_price_check', sql`${t.price} >= 0`),
    check('bookings_time_check', sql`${t.requestedTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check('bookings_status_check', sql`${t.status} in ('requested', 'accepted', 'declined', 'cancelled')`),
    check(
      'bookings_proposal_check',
      sql`(${t.proposedDate} is null) = (${t.proposedTime} is null)
        and (${t.proposedTime} is null or ${t.proposedTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')`,
    ),
    check('bookings_cancel_reason_check', sql`(${t.status} = 'cancelled') = (${t.cancelReason} is not null)`),
    index('bookings_buyer_idx').on(t.buyerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('bookings_seller_idx').on(t.sellerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('bookings_car_idx').on(t.carId),
  ],
);

/** Payment intents of the built-in test-mode provider, kept like a provider keeps them. */
export const paymentIntents = pgTable('payment_intents', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull().unique(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  status: text('status').notNull(),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
  idempotencyKey: text('idempotency_key').unique(),
  lastError: text('last_error'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .unique()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    price: integer('price').notNull(),
    currency: text('currency').notNull().default('usd'),
    transactionId: text('transaction_id').notNull().unique(),
    provider: text('provider').notNull(),
    // The columns keep the spec's names (`product_by`, `product`); the API answers them as `productBy`, `product`.
    sellerEmail: text('product_by').notNull(),
    carName: text('product').notNull(),
    paidBy: text('paid_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('payments_price_check', sql`${t.price} >= 0`),
    index('payments_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/**
 * Money given back for a payment: at most one refund a payment (the unique payment id is what
 * makes a refund happen exactly once, whichever of a sale, a deletion, a decline, a late payment or
 * an admin asks first). Written `pending` with the change that asks for it; the job queue then asks
 * the provider (with the refund's id as the idempotency key) and marks it `succeeded`.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .unique()
      .references(() => payments.id, { onDelete: 'restrict' }),
    amount: integer('amount').notNull(),
    reason: text('reason').$type<RefundReason>().notNull(),
    status: text('status').$type<RefundStatus>().notNull().default('pending'),
    /** The provider's id of the refund, once it answered. */
    providerRefundId: text('provider_refund_id'),
    /** The admin who refunded; null when a sale, a deletion, a decline or a late payment did. */
    requestedBy: text('requested_by').references(() => users.id, { onDelete: 'set null' }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    refundedAt: timestamp('refunded_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    check('refunds_amount_check', sql`${t.amount} > 0`),
    check('refunds_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
  ],
);

/** Refunds of the built-in test-mode provider, kept like a provider keeps them. */
export const paymentIntentRefunds = pgTable('payment_intent_refunds', {
  id: text('id').primaryKey(),
  intentId: text('intent_id')
    .notNull()
    .references(() => paymentIntents.id),
  amount: integer('amount').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  createdAt: createdAt(),
});

export const savedCars = pgTable(
  'saved_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    carId: uuid('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('saved_posts_buyer_car_idx').on(t.buyerId, t.carId),
    index('saved_posts_car_idx').on(t.carId),
  ],
);

export const reportedCars = pgTable(
  'reported_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    carId: uuid('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    details: text('details').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reported_posts_buyer_car_idx').on(t.buyerId, t.carId),
    index('reported_posts_car_idx').on(t.carId),
  ],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
    /** When an admin marked it handled (the contact inbox), and who; null while it is open. */
    handledAt: timestamp('handled_at', { withTimezone: true, precision: 3 }),
    handledBy: text('handled_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('contact_messages_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The inbox's open list, newest first.
    index('contact_messages_open_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.handledAt} is null`),
  ],
);

/**
 * What Redline tells a user (modules/notifications): written in the transaction of the change it
 * tells of, so that each change makes its notifications exactly once, and a rolled-back one none.
 * Its text is kept as it was said: a car renamed later does not rewrite what the user was told.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link').notNull(),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    index('notifications_user_created_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    check('notifications_link_check', sql`${t.link} like '/%'`),
  ],
);

/**
 * A buyer's conversation with a car's seller (modules/conversations): one per buyer and car. The car's
 * name and photo are kept, as a booking keeps them, so that it reads the same once the car is gone.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    carId: uuid('car_id').references(() => cars.id, { onDelete: 'set null' }),
    carName: text('car_name').notNull(),
    carPhoto: text('car_photo').notNull(),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** Until when each side has read it (nothing at first): what the other sent after is unread. */
    buyerReadAt: timestamp('buyer_read_at', { withTimezone: true, precision: 3 })
      .notNull()
      .default(sql`'epoch'`),
    sellerReadAt: timestamp('seller_read_at', { withTimezone: true, precision: 3 })
      .notNull()
      .default(sql`'epoch'`),
  },
  (t) => [
    uniqueIndex('conversations_car_buyer_idx').on(t.carId, t.buyerId),
    index('conversations_buyer_idx').on(
      t.buyerId,
      t.lastMessageAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('conversations_seller_idx').on(
      t.sellerId,
      t.lastMessageAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_conversation_idx').on(
      t.conversationId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/**
 * A participant's report of a conversation (modules/conversations): once per person and
 * conversation. While a conversation has a report, the admins may read it (record-access.ts).
 */
export const conversationReports = pgTable(
  'conversation_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    details: text('details').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('conversation_reports_conversation_reporter_idx').on(t.conversationId, t.reporterId),
    index('conversation_reports_created_idx').on(t.createdAt.desc(), t.conversationId),
  ],
);

/**
 * What a user wants told, per kind of notification (modules/notifications): in the app, by e-mail.
 * No row for a kind means its defaults (NOTIFICATION_KINDS in packages/shared).
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    inApp: boolean('in_app').notNull(),
    email: boolean('email').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);

/**
 * The e-mail outbox of notifications: a row per notification a user wants by e-mail, written by the
 * same transaction as the notification, so that a rolled-back change e-mails nothing. Apart from
 * `notifications` because a user may want a kind by e-mail and not in the app, and because a row
 * lives only until it is sent: the sending job takes a user's rows, sends them as one e-mail, then
 * deletes them (a failed send leaves them, and the retry sends the same batch).
 */
export const notificationEmails = pgTable(
  'notification_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('notification_emails_user_idx').on(t.userId, t.createdAt),
    index('notification_emails_created_idx').on(t.createdAt),
    check('notification_emails_link_check', sql`${t.link} like '/%'`),
  ],
);

/**
 * A buyer's saved searches (modules/saved-searches): a search's text and filters (CarSearchFilters,
 * as the buyer saved them), and `filtersKey`, the same in one canonical form, so that a buyer keeps
 * each search once. `frequency`: each new car told at once (`instant`), or a day's in one (`daily`).
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    filters: jsonb('filters').$type<CarSearchFilters>().notNull(),
    filtersKey: text('filters_key').notNull(),
    frequency: text('frequency').$type<AlertFrequency>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('saved_searches_buyer_filters_idx').on(t.buyerId, t.filtersKey),
    index('saved_searches_buyer_created_idx').on(t.buyerId, t.createdAt.desc()),
    check('saved_searches_frequency_check', sql`${t.frequency} in ('instant', 'daily')`),
  ],
);

/**
 * Each car posted that matched a saved search, once: written with the notification of an instant
 * search, or waiting (`toldAt` null) for its daily digest. The unique pair is what makes a car tell
 * a search once, however often the job that matches it runs.
 */
export const savedSearchMatches = pgTable(
  'saved_search_matches',
  {
    savedSearchId: uuid('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    carId: uuid('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    toldAt: timestamp('told_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    primaryKey({ columns: [t.savedSearchId, t.carId] }),
    index('saved_search_matches_untold_idx').on(t.savedSearchId).where(sql`${t.toldAt} is null`),
    index('saved_search_matches_car_idx').on(t.carId),
  ],
);

/**
 * The recent hits of each rate-limited key (sign-in failures, reset requests, uploads, messages…),
 * shared by every instance: `key` names the limit and who it counts (`sign-in:client:10.0.0.1`),
 * `hits` the times (ms since the epoch) of its last hits in the window, at most the limit's maximum.
 * Written only by the function `rate_limit_take` (migration 0021, rate-limits/rate-limits.ts), which reads
 * and writes a key's row under its lock; rows past `expiresAt` are swept by `rate-limits.sweep`.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    hits: bigint('hits', { mode: 'number' }).array().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [index('rate_limit_hits_expires_idx').on(t.expiresAt)],
);
