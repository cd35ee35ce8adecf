/**
 * A place as pages write it. No zod here: cards show places on the first page, and zod loads only
 * with a form's first validation (ADR 2); the schema of a place is places.ts's.
 */

/** A place as a line of text names it: "Beverly Hills, CA". */
export function placeName(place: { city: string; region: string }): string {
  return `${place.city}, ${place.region}`;
}
