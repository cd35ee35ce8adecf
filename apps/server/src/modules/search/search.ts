/**
 * The search over the cars for sale, one per app (`context.search`): what it keeps between
 * searches (its answers, the catalogue it shows, each search's counts, the columns it counts in),
 * the events that make those stale, and a search's steps: its counts first (search-counts.ts), then
 * its page (search-pages.ts), read as its counts tell (search-planner.ts). The design as a whole:
 * docs/decisions/0036-the-search-module.md.
 */
import type {
  CarSearchFacets,
  CarSearchFilters,
  CarSearchQuery,
  CarSuggestions,
  DealRating,
} from '@redline/shared';
import { CatalogueCache, Kept } from '../../catalogue/catalogue-cache.ts';
import type { Db } from '../../db/client.ts';
import { type EventBus, VEHICLE_CATALOGUE_EVENTS } from '../../events/index.ts';
import { CarColumns } from './car-columns.ts';
import {
  type Category,
  loadSearchCatalogue,
  type SearchCatalogue,
  type SearchCounts,
  type VehicleNames,
} from './search-catalogue.ts';
import { countSearch } from './search-counts.ts';
import { firstOfPage, searchPage } from './search-pages.ts';
import { distancesOf, placeFilterOf } from './search-places.ts';
import { searchesFinding, searchKey, textSet } from './search-planner.ts';
import { AskedWords, recallWords } from './search-words.ts';

/** One key per search's counts: every parameter but its sort and its page. */
const countsKey = ({ sort, cursor, limit, ...counted }: CarSearchQuery) => searchKey(counted);

/**
 * A search's page of car ids in order, how far each stands from the search's place (null without
 * `near`, or for a car without a place), the deal rating of each as the search rated it (ADR 57), the
 * next page's cursor, its total and its facets.
 */
export interface FoundCars {
  ids: string[];
  distancesKm: (number | null)[];
  dealRatings: DealRating[];
  nextCursor: string | null;
  total: number;
  facets: CarSearchFacets;
}

export class Search {
  /** Its answers, serialised, in a cache of their own so that searches never evict the catalogue's lists. */
  readonly answers = new CatalogueCache();
  /** What it shows of the catalogue: names (indexed for suggestions), brands' labels, categories (ADR 22). */
  private readonly catalogue = new Kept<SearchCatalogue>();
  /** Each search's words, total and facets, shared by its pages and sorts. */
  private readonly counts = new Kept<SearchCounts>();
  /** The cars for sale as columns in memory, which every search but a seller's is counted in (ADR 23, 25). */
  readonly columns: CarColumns;
  private readonly db: Db;
  private readonly categories: () => Promise<Category[]>;
  /**
   * The vehicle catalogue's names, kept apart from the rest of the catalogue it shows: they change
   * only when an admin changes a make or a model, not with every car posted.
   */
  private readonly vehicleNames = new Kept<VehicleNames>(1);
  private readonly vehicles: () => Promise<VehicleNames>;
  /** The words of its new searches, counted and saved for the instances that start later. */
  private readonly askedWords: AskedWords;
  /** The first load after the start, the cars of the words searched lately included (load). */
  private recalled: Promise<void> | undefined;

  /**
   * `categories`: every category in the catalogue's order (the categories module's, handed in by
   * `buildApp`); `vehicles`: the vehicle catalogue's makes and models with their aliases (the
   * vehicles module's); `onBackgroundError` hears of what failed in the background, and of the work
   * that failed: a read of the columns, or a save of the words searched.
   */
  constructor(
    db: Db,
    options: {
      categories: () => Promise<Category[]>;
      vehicles: () => Promise<VehicleNames>;
      onBackgroundError?: (error: unknown, work: string) => void;
    },
  ) {
    this.db = db;
    this.categories = options.categories;
    this.vehicles = options.vehicles;
    const failed = options.onBackgroundError ?? (() => {});
    this.columns = new CarColumns(db, (error) => failed(error, 'read the car columns again'));
    this.askedWords = new AskedWords(db, (error) => failed(error, 'save the words searched'));
  }

  /** Subscribes what it keeps to the events that make it stale; returns the unsubscribes. */
  follow(events: EventBus): (() => void)[] {
    return [
      ...this.answers.follow(events),
      ...this.catalogue.follow(events),
      ...VEHICLE_CATALOGUE_EVENTS.map((name) => events.subscribe(name, () => this.vehicleNames.invalidate())),
      events.onMissedEvents(() => this.vehicleNames.invalidate()),
      ...this.counts.follow(events),
      ...this.columns.follow(events),
    ];
  }

  /**
   * Loads the columns (a few seconds at a million cars), then, once after a start, the cars of the
   * words buyers searched most lately (search-words.ts), many in a statement, so that the first
   * searches wait for neither; the readiness check waits for this. A failure is tried again by the
   * next call.
   */
  async load(): Promise<void> {
    this.recalled ??= this.columns
      .view()
      .then(() => recallWords(this.db))
      .then((words) => this.columns.recall(words.map(textSet)))
      .catch((error: unknown) => {
        this.recalled = undefined;
        throw error;
      });
    await this.recalled;
    await this.columns.view();
  }

  /** Saves the words of the new searches counted since the last save (at close: they are saved once a minute). */
  saveAskedWords(): Promise<void> {
    return this.askedWords.save();
  }

  /**
   * A search: its page's car ids in order, the next page's cursor, the total and the facets. The
   * counts are kept until the catalogue changes, so that a search's next pages and its other sorts
   * count nothing. Relevance needs words to weigh: without them the newest come first, whatever the
   * sort asked.
   */
  async carIds(query: CarSearchQuery): Promise<FoundCars> {
    const catalogue = await this.shown();
    const { words, facets, ...counts } = await this.counts.get(countsKey(query), async () => {
      const counted = await countSearch(this.db, query, catalogue, this.columns);
      this.askedWords.count(counted.words);
      return counted;
    });
    const hasWords = words.length > 0;
    const sort =
      !hasWords && query.sort === 'relevance'
        ? 'newest'
        : (query.sort ?? (hasWords ? 'relevance' : 'newest'));
    // A brand filtered finds every spelling of its make, as the counts do.
    const searched = query.brand ? { ...query, brand: counts.brandKeys } : query;
    // The counts first: the page of a search that matches no car, or few, is read differently.
    const first = await firstOfPage(searched, words, sort, counts, this.columns);
    const page = await searchPage(this.db, searched, words, sort, { ...counts, first });
    // How far the cars stand from the search's place and their ratings, from the columns in memory.
    const { columns } = await this.columns.view();
    const seqs = page.ids.map((id) => columns.seqOf(id));
    const from = placeFilterOf(query)?.from;
    return {
      ids: page.ids,
      distancesKm: from ? distancesOf(columns, seqs, from) : seqs.map(() => null),
      dealRatings: seqs.map((seq) => columns.ratingOf(seq)),
      nextCursor: page.nextCursor,
      total: counts.total,
      facets,
    };
  }

  /**
   * Which of these saved searches each car of `carIds` is among, as the search page would find it,
   * in the order of `carIds` (saved-search alerts).
   */
  async searchesFinding(
    carIds: readonly string[],
    searches: readonly CarSearchFilters[],
  ): Promise<boolean[][]> {
    return searchesFinding(this.db, carIds, searches, await this.shown());
  }

  /** The search box's completions: brands and models of cars for sale, from the names kept in memory. */
  async suggest(q: string): Promise<CarSuggestions> {
    return (await this.shown()).names.suggest(q);
  }

  /** The search's catalogue, kept until the catalogue changes (ADR 22). */
  private shown(): Promise<SearchCatalogue> {
    return this.catalogue.get('search', () =>
      loadSearchCatalogue(this.db, this.categories, () => this.vehicleNames.get('vehicles', this.vehicles)),
    );
  }
}
