/** The search module's own table: the words buyers search, remembered across starts (search-words.ts). */
import { boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const searchWords = pgTable(
  'search_words',
  {
    /** A word as the search matches it (SearchTerm's `word`), and whether it is matched whole. */
    word: text('word').notNull(),
    whole: boolean('whole').notNull(),
    /** The new searches (not answered from the counts kept) that had it, since it was first remembered. */
    asks: integer('asks').notNull(),
    askedAt: timestamp('asked_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.word, t.whole] })],
);
