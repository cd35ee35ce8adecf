/**
 * A US place's time zone, by its state, for the states (and territories) that keep one time
 * throughout: the gazetteer has no time zones of its own, and a state split between two (Texas's
 * El Paso, Florida's panhandle, Arizona's Navajo Nation…) would guess wrong near the line. There the
 * answer is none, and pages show the hours without saying whether the place is open now.
 */
const STATE_TIME_ZONES: Record<string, string> = {
  AL: 'America/Chicago',
  AR: 'America/Chicago',
  CA: 'America/Los_Angeles',
  CO: 'America/Denver',
  CT: 'America/New_York',
  DC: 'America/New_York',
  DE: 'America/New_York',
  GA: 'America/New_York',
  GU: 'Pacific/Guam',
  HI: 'Pacific/Honolulu',
  IA: 'America/Chicago',
  IL: 'America/Chicago',
  LA: 'America/Chicago',
  MA: 'America/New_York',
  MD: 'America/New_York',
  ME: 'America/New_York',
  MN: 'America/Chicago',
  MO: 'America/Chicago',
  MS: 'America/Chicago',
  MT: 'America/Denver',
  NC: 'America/New_York',
  NH: 'America/New_York',
  NJ: 'America/New_York',
  NM: 'America/Denver',
  NY: 'America/New_York',
  OH: 'America/New_York',
  OK: 'America/Chicago',
  PA: 'America/New_York',
  PR: 'America/Puerto_Rico',
  RI: 'America/New_York',
  SC: 'America/New_York',
  UT: 'America/Denver',
  VA: 'America/New_York',
  VI: 'America/St_Thomas',
  VT: 'America/New_York',
  WA: 'America/Los_Angeles',
  WI: 'America/Chicago',
  WV: 'America/New_York',
  WY: 'America/Denver',
};

/** The IANA time zone of a place in this US state (its abbreviation), or null when the state keeps more than one. */
export function timeZoneOfRegion(region: string): string | null {
  return STATE_TIME_ZONES[region] ?? null;
}
