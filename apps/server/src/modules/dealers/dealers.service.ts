/**
 * Dealers (ADR 63): the dealer profile of the account the signed-in seller sells for (every call is
 * scoped to it, so there is nobody else's record to refuse; in a team, the role decides, ADR 65),
 * and the admins' verification of dealers, logged.
 */
import type {
  Dealer,
  DealerProfileInput,
  DealerVerification,
  DealerVerificationInput,
  Page,
  PageQuery,
  SessionUser,
} from '@redline/shared';
import { actingAs, requireSelling } from '../../access/record-access.ts';
import type { AppContext } from '../../context.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { publish } from '../../events/index.ts';
import { type LocatedPlace, requirePlace } from '../../places/gazetteer.ts';
import { timeZoneOfRegion } from '../../places/time-zones.ts';
import type { PhotoStore } from '../../storage/photo-store.ts';
import { claimPhoto, photoView } from '../photos/index.ts';
import { hasMembers } from './dealer-team.repository.ts';
import * as repo from './dealers.repository.ts';

type DealerContext = Pick<AppContext, 'database' | 'photos'>;

/** A seller's dealer profile as pages show it, or null for a private seller (the seller page's `dealer`). */
export async function dealerOf(context: DealerContext, sellerId: string): Promise<Dealer | null> {
  const row = await repo.findDealer(context.database.db, sellerId);
  return row ? toDealer(context.photos, row) : null;
}

/** The dealer profile of the account the seller sells for, or null when it sells privately. */
export function myDealerProfile(context: DealerContext, actor: SessionUser): Promise<Dealer | null> {
  return dealerOf(context, actingAs(actor));
}

/**
 * Makes or replaces the seller's dealer profile. The logo must be one of their own uploads; the ZIP
 * code one the gazetteer knows. What an admin verified is the business at its address: a new
 * business name or address drops the verification, and the log says what changed.
 */
export async function saveMyDealerProfile(
  context: DealerContext,
  actor: SessionUser,
  input: DealerProfileInput,
): Promise<Dealer> {
  const { sellerId } = requireSelling(actor, 'dealer.profile');
  const place = requirePlace(input.postalCode);
  await context.database.db.transaction(async (tx) => {
    const before = await repo.lockDealer(tx, sellerId);
    if (input.logo && input.logo !== before?.logoKey && !(await claimPhoto(tx, input.logo, actor.id))) {
      throw badRequest('The logo was not found. Upload it again.', { logo: 'Upload the logo again' });
    }
    const change = before?.verifiedAt ? materialChange(before, input, place) : undefined;
    await repo.saveDealer(tx, sellerId, {
      businessName: input.businessName,
      logoKey: input.logo,
      street: input.street,
      postalCode: place.postalCode,
      country: place.country,
      city: place.city,
      region: place.region,
      latitude: place.latitude,
      longitude: place.longitude,
      hours: input.hours,
      phone: input.phone,
      website: input.website === '' ? null : input.website,
      about: input.about,
      ...(change ? { verifiedAt: null, verifiedBy: null } : {}),
    });
    if (change) await repo.appendVerification(tx, { sellerId, action: 'dropped', note: change });
    await publish(tx, 'user.changed', { userId: sellerId, change: 'dealer' });
  });
  return (await dealerOf(context, sellerId))!;
}

/** What changed of what an admin verified, in the log's words; undefined when neither did. */
function materialChange(
  before: { businessName: string; street: string; postalCode: string; city: string; region: string },
  input: DealerProfileInput,
  place: LocatedPlace,
): string | undefined {
  const changes: string[] = [];
  if (before.businessName !== input.businessName)
    changes.push(`The business name changed from “${before.businessName}” to “${input.businessName}”.`);
  if (before.street !== input.street || before.postalCode !== place.postalCode) {
    const address = (street: string, p: { city: string; region: string; postalCode: string }) =>
      `${street}, ${p.city}, ${p.region} ${p.postalCode}`;
    changes.push(
      `The address changed from “${address(before.street, before)}” to “${address(input.street, place)}”.`,
    );
  }
  return changes.length > 0 ? changes.join(' ') : undefined;
}

/**
 * The seller goes back to selling privately: the dealer profile goes, and a verification with it,
 * logged. A dealer with a team cannot (a 409): its members sell for the dealer, not for a person.
 */
export async function goPrivate(context: DealerContext, actor: SessionUser) {
  const { sellerId } = requireSelling(actor, 'dealer.profile');
  const deletedCount = await context.database.db.transaction(async (tx) => {
    const dealer = await repo.lockDealer(tx, sellerId);
    if (dealer && (await hasMembers(tx, sellerId)))
      throw conflict('Your dealer has a team. Remove its members before going back to selling privately.');
    const deleted = await repo.deleteDealer(tx, sellerId);
    if (!deleted) return 0;
    if (deleted.verifiedAt) {
      await repo.appendVerification(tx, {
        sellerId,
        action: 'dropped',
        note: 'The dealer went back to selling privately.',
      });
    }
    await publish(tx, 'user.changed', { userId: sellerId, change: 'dealer' });
    return 1;
  });
  return { deletedCount };
}

/** An admin verifies or revokes a dealer with a note; asking for the state it is already in is a 409. */
export async function setVerification(
  context: DealerContext,
  admin: SessionUser,
  sellerId: string,
  input: DealerVerificationInput,
): Promise<Dealer> {
  await context.database.db.transaction(async (tx) => {
    const dealer = await repo.lockDealer(tx, sellerId);
    if (!dealer) throw notFound('The dealer');
    if (input.verified === (dealer.verifiedAt !== null)) {
      throw conflict(input.verified ? 'The dealer is already verified.' : 'The dealer is not verified.');
    }
    await repo.setVerified(tx, sellerId, input.verified ? admin.id : null);
    await repo.appendVerification(tx, {
      sellerId,
      adminId: admin.id,
      action: input.verified ? 'verified' : 'revoked',
      note: input.note,
    });
    await publish(tx, 'user.changed', { userId: sellerId, change: 'dealer' });
  });
  return (await dealerOf(context, sellerId))!;
}

/** A seller's verification history, newest first (also once they went private); a 404 for anyone not a seller. */
export async function verificationHistory(
  context: DealerContext,
  sellerId: string,
  query: PageQuery,
): Promise<Page<DealerVerification>> {
  const { db } = context.database;
  if (!(await repo.isSeller(db, sellerId))) throw notFound('The seller');
  const page = await repo.listVerifications(db, sellerId, query.limit, query.cursor);
  const items = page.items.map(({ action, note, adminId, adminName, createdAt }) => ({
    action,
    note,
    admin: adminId && adminName !== null ? { id: adminId, name: adminName } : null,
    at: createdAt.toISOString(),
  }));
  return { items, nextCursor: page.nextCursor };
}

function toDealer(photos: PhotoStore, row: repo.FoundDealer): Dealer {
  const { logoKey, logoWidth, logoHeight, postalCode, country, city, region, verifiedAt, ...shown } = row;
  const logoSize =
    logoWidth !== null && logoHeight !== null ? { width: logoWidth, height: logoHeight } : undefined;
  return {
    ...shown,
    logo: logoKey ? photoView(photos, logoKey, logoSize) : null,
    place: { postalCode, country, city, region },
    timeZone: timeZoneOfRegion(region),
    verifiedAt: verifiedAt?.toISOString() ?? null,
  };
}
