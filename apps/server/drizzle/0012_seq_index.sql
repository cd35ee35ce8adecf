-- A search with text that matches few cars (counted in memory) reads its pages by the seqs of those
-- cars, from this index alone: the name (for the relevance) and the order's keys follow the seq.
-- Before, such a page read every car of its words from their GIN entries to test the filters on
-- each (0.2-1.8 s for a word of 60,000 cars whose filters leave a few hundred, at 1,000,000 cars),
-- or walked its order's index meeting few of them (docs/performance.md, section 8).
CREATE INDEX "cars_unsold_seq_idx" ON "cars" USING btree ("seq","name_key","added_date","id","asking_price","km_driven","year") WHERE "cars"."sold_at" is null;