-- The kept fits of the model before make fits had a column per model family (and a spread) value
-- cars not posted yet differently from a refit now: dropped, so that the next start refits at once.
DELETE FROM "market_value_fits";--> statement-breakpoint
ALTER TABLE "market_value_fits" ADD COLUMN "levels" text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "market_value_fits" ADD COLUMN "spread" double precision NOT NULL;--> statement-breakpoint
ALTER TABLE "market_value_fits" DROP COLUMN "trims";
