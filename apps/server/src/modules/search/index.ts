/**
 * The search module's public surface: other code imports this file only. `Search`, one per app
 * (`context.search`), answers searches and suggestions and follows the events that change them;
 * saved searches match a car and key their filters as a search does; a comparison measures its
 * distances from a search's place (`nearPoint`).
 */
export { Search } from './search.ts';
export { nearPoint } from './search-places.ts';
export { searchKey } from './search-planner.ts';
