/**
 * The visitor's location for a search, asked of the browser only when they press "Use my location".
 * `canLocate` is false on the server and in the first render in the browser, so both first renders
 * match; the button shows once the page has hydrated.
 */
import { useState } from 'react';
import { useHydrated } from '../../../lib/use-hydrated.ts';

/** A position's degrees in the address: 4 decimals, about 11 m, as precise as a search needs. */
const degrees = (value: number) => String(Math.round(value * 10_000) / 10_000);

/** `onLocated` receives the position as a search's `near` ("lat,lon"). */
export function useLocate(onLocated: (near: string) => void) {
  const canLocate = useHydrated() && 'geolocation' in navigator;
  const [locating, setLocating] = useState(false);
  const [locateError, setLocateError] = useState<string>();

  const locate = () => {
    setLocating(true);
    setLocateError(undefined);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setLocating(false);
        onLocated(`${degrees(coords.latitude)},${degrees(coords.longitude)}`);
      },
      (failure) => {
        setLocating(false);
        setLocateError(
          failure.code === failure.PERMISSION_DENIED
            ? 'Your browser did not share your location. Enter a ZIP code instead.'
            : 'Your location could not be found. Enter a ZIP code instead.',
        );
      },
      { maximumAge: 600_000, timeout: 20_000 },
    );
  };
  return { canLocate, locating, locateError, locate };
}
