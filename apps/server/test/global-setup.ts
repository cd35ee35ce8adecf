/**
 * Before any test file: the VIN decoder's vPIC database unpacked into its cache file (seconds, once
 * per machine and corgi version), so that no test's time includes it.
 */
import { prepareVinDatabase } from '../src/modules/vehicles/vin-decoder.ts';

export default async function setup() {
  await prepareVinDatabase();
}
