/** Turns car rows into the API's car shape, with photo URLs from the photo store. */
import type { AdvertisedCar, Car, CarDetail, SellerCar } from '@redline/shared';
import type { PhotoStore } from '../../storage/photo-store.ts';
import { photoView } from '../photos/index.ts';
import { carPlace } from './car-summary.ts';
import type { CarPageRow, CarViewRow } from './cars.repository.ts';

/** A car as any signed-in user sees it: without its seller's e-mail. */
export function toCars(store: PhotoStore, rows: CarViewRow[]): Car[] {
  return rows.map((row) => {
    const photos = row.photos.map((key) => {
      const size = row.photoSizes?.[key];
      return photoView(store, key, size && { width: size[0], height: size[1] });
    });
    return {
      id: row.id,
      year: row.year,
      brand: row.brand,
      model: row.model,
      makeId: row.makeId,
      modelId: row.modelId,
      trim: row.trim,
      vin: row.vin,
      bodyStyle: row.bodyStyle,
      transmission: row.transmission,
      drivetrain: row.drivetrain,
      exteriorColour: row.exteriorColour,
      exteriorColourName: row.exteriorColourName,
      interiorColour: row.interiorColour,
      interiorColourName: row.interiorColourName,
      doors: row.doors,
      seats: row.seats,
      previousOwners: row.previousOwners,
      titleStatus: row.titleStatus,
      categoryId: row.categoryId,
      categoryName: row.categoryName,
      engine: row.engine,
      fuel: row.fuel,
      about: row.about,
      askingPrice: row.askingPrice,
      originalPrice: row.originalPrice,
      topSpeed: row.topSpeed,
      kmDriven: row.kmDriven,
      photo: photos[0]?.src ?? '',
      photos,
      seller: row.sellerName,
      sellerId: row.sellerId,
      sellerVerified: row.sellerVerified,
      addedDate: row.addedDate.toISOString(),
      soldAt: row.soldAt?.toISOString() ?? null,
      reservedAt: row.reservedAt?.toISOString() ?? null,
      isAdvertised: row.advertisementId !== null,
      priceDroppedAt: row.priceDroppedAt?.toISOString() ?? null,
      location: carPlace(row),
      deliveryRadiusKm: row.deliveryRadiusKm,
    };
  });
}

/** A car as its own seller or an admin sees it: with the seller's e-mail and stock number. */
export function toSellerCars(store: PhotoStore, rows: CarViewRow[]): SellerCar[] {
  const views = toCars(store, rows);
  return views.map((car, i) => ({
    ...car,
    sellerEmail: rows[i]!.sellerEmail,
    stockNumber: rows[i]!.stockNumber,
  }));
}

/** A car's own page: the car with its price history (the listing price and the latest changes) and, while for sale, its market value. */
export function toCarDetail(store: PhotoStore, row: CarPageRow): CarDetail {
  const [car] = toCars(store, [row]);
  const { prices, total } = row.priceHistory;
  return {
    ...car!,
    priceHistory: prices.map((price) => ({
      askingPrice: price.askingPrice,
      changedAt: new Date(price.changedAt).toISOString(),
    })),
    earlierPriceChanges: total - prices.length,
    marketValue: row.soldAt ? null : row.marketValue,
  };
}

/** The public card, with when it was advertised. */
export function toAdvertisedCars(
  store: PhotoStore,
  rows: (CarViewRow & { advertisedAt: Date })[],
): AdvertisedCar[] {
  const views = toCars(store, rows);
  return views.map((car, i) => ({ ...car, advertisedAt: rows[i]!.advertisedAt.toISOString() }));
}
