/**
 * The words buyers search, remembered in the database for every instance (issue 50): an instance
 * reads the cars of a word the first time a search has it (a text set, car-columns.ts: up to 1.7 s
 * at a million cars), so a started instance reads those of the words searched most in the last day
 * before it says it is ready (Search.load), and its first searches read none. Each instance counts
 * the words of its new searches in memory and adds them to the table at most once a minute, in one
 * statement; words not searched for a week are forgotten.
 */
import { desc, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { searchWords } from './search.schema.ts';
import type { SearchWord } from './search-catalogue.ts';

/** A word as a text set keys it (search-planner.ts's textSet). */
export type TextWord = Pick<SearchWord, 'word' | 'whole'>;

/**
 * How many words a start reads the cars of, at most: the rare ones are read by their index, and the
 * kept sets' memory stops the reads first at a large catalogue (about 230 of the widest words at a
 * million cars, many more of the others: CarColumns.recall).
 */
const RECALLED_WORDS = 1_000;
/** How often an instance adds the words it counted to the table, at most. */
const SAVE_EVERY_MS = 60_000;
/** The distinct words an instance counts between two saves; a new word beyond them is counted after the next save. */
const COUNTED_WORDS = 5_000;

const keyOf = ({ word, whole }: TextWord) => `${whole ? '=' : ':'}${word}`;

/** The words of an instance's new searches since its last save, counted. */
export class AskedWords {
  private readonly counted = new Map<string, { word: TextWord; asks: number }>();
  private savedAt = Date.now();
  private saving: Promise<void> | undefined;
  private readonly db: Db;
  private readonly onError: (error: unknown) => void;

  constructor(db: Db, onError: (error: unknown) => void) {
    this.db = db;
    this.onError = onError;
  }

  /** Counts a new search's words; saves those counted when the last save is a minute old. */
  count(words: TextWord[]) {
    for (const { word, whole } of words) {
      const key = keyOf({ word, whole });
      const counted = this.counted.get(key);
      if (counted) counted.asks++;
      else if (this.counted.size < COUNTED_WORDS) this.counted.set(key, { word: { word, whole }, asks: 1 });
    }
    if (Date.now() - this.savedAt >= SAVE_EVERY_MS) this.save().catch(this.onError);
  }

  /** Adds the words counted to the table, in one statement (at once: at close, and in tests). */
  async save(): Promise<void> {
    await this.saving;
    this.savedAt = Date.now();
    if (this.counted.size === 0) return;
    const rows = [...this.counted.values()].map(({ word, asks }) => ({ ...word, asks }));
    this.counted.clear();
    this.saving = this.db
      .insert(searchWords)
      .values(rows)
      .onConflictDoUpdate({
        target: [searchWords.word, searchWords.whole],
        set: { asks: sql`${searchWords.asks} + excluded.asks`, askedAt: sql`excluded.asked_at` },
      })
      .then(() => undefined);
    try {
      await this.saving;
    } finally {
      this.saving = undefined;
    }
  }
}

/** The words searched most in the last day, at most RECALLED_WORDS; those not searched for a week forgotten first. */
export async function recallWords(db: Db): Promise<TextWord[]> {
  await db.delete(searchWords).where(lt(searchWords.askedAt, sql`now() - interval '7 days'`));
  return db
    .select({ word: searchWords.word, whole: searchWords.whole })
    .from(searchWords)
    .where(gt(searchWords.askedAt, sql`now() - interval '1 day'`))
    .orderBy(desc(searchWords.asks), desc(searchWords.askedAt))
    .limit(RECALLED_WORDS);
}
