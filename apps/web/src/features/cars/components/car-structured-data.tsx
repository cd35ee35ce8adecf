import type { Car } from '@redline/shared';
import { useSiteOrigin } from '../../../lib/site-origin.ts';
import { useUnitSystem } from '../../../lib/units.ts';
import { carStructuredData, jsonForScript } from '../utils/car-structured-data.ts';

/**
 * The car as JSON-LD for search engines (utils/car-structured-data.ts), in the page the server
 * renders: a crawler reads it without running scripts, and the browser never runs it (its type is not
 * JavaScript, so the Content-Security-Policy has nothing to allow).
 */
export function CarStructuredData({ car }: { car: Car }) {
  const origin = useSiteOrigin();
  // The units the page shows: a crawler, which sends no cookie, reads the market's.
  const units = useUnitSystem();
  if (origin === undefined) return null;
  return (
    <script
      type="application/ld+json"
      // The JSON as it is, escaped for a script element (jsonForScript): React would write text
      // children HTML-escaped, which JSON-LD readers do not undo.
      dangerouslySetInnerHTML={{ __html: jsonForScript(carStructuredData(car, origin, units)) }}
    />
  );
}
