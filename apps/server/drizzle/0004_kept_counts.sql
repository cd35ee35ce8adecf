CREATE TABLE "car_counts" (
	"category_id" text NOT NULL,
	"name_key" text NOT NULL,
	"brand_key" text NOT NULL,
	"fuel" text NOT NULL,
	"year" integer NOT NULL,
	"seller_verified" boolean NOT NULL,
	"cars_for_sale" integer NOT NULL,
	"price_min" integer,
	"price_max" integer,
	CONSTRAINT "car_counts_name_key_category_id_fuel_year_seller_verified_pk" PRIMARY KEY("name_key","category_id","fuel","year","seller_verified")
);
--> statement-breakpoint
DROP INDEX "cars_unsold_facets_idx";--> statement-breakpoint
DROP INDEX "cars_unsold_name_idx";--> statement-breakpoint
-- The words are the engine's and the about text's only: the name's own match (word similarity on
-- name_key) finds every prefix of a brand or model word already, and without them the words of a
-- brand-or-model search match few cars, so its counts can come from car_counts (car-search.ts).
-- Dropping the column drops its GIN index, made again below by hand (drizzle-kit does not see it).
ALTER TABLE "cars" drop column "search_words";--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "search_words" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, redline_fold(engine || ' ' || about))) STORED;--> statement-breakpoint
CREATE INDEX "cars_unsold_words_idx" ON "cars" USING gin ("search_words") WHERE "cars"."sold_at" is null;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "seller_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Added by hand (drizzle-kit does not model triggers): a car's `seller_verified` is its seller's
-- `is_verified`, set by the database when the car is posted (or changes hands) and when the seller
-- is verified or loses it (a rename does, migration 0002), whichever code path does it.
UPDATE "cars" SET "seller_verified" = true FROM "users"
  WHERE "users"."id" = "cars"."seller_id" AND "users"."is_verified";--> statement-breakpoint
CREATE INDEX "cars_unsold_facets_idx" ON "cars" USING btree ("name_key","category_id","fuel","year","seller_verified","asking_price","km_driven","brand_key") WHERE "cars"."sold_at" is null;--> statement-breakpoint
CREATE INDEX "cars_unsold_name_idx" ON "cars" USING btree ("name_key","added_date" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "cars"."sold_at" is null;--> statement-breakpoint
CREATE FUNCTION "cars_seller_verified"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."seller_verified" := coalesce((SELECT "is_verified" FROM "users" WHERE "id" = NEW."seller_id"), false);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "cars_seller_verified" BEFORE INSERT OR UPDATE OF "seller_id", "seller_verified" ON "cars"
  FOR EACH ROW EXECUTE FUNCTION "cars_seller_verified"();--> statement-breakpoint
-- AFTER UPDATE without OF: a column trigger would miss the change a BEFORE trigger makes (a rename).
CREATE FUNCTION "users_verification_marks_cars"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "cars" SET "seller_verified" = NEW."is_verified"
    WHERE "seller_id" = NEW."id" AND "seller_verified" <> NEW."is_verified";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_verification_marks_cars" AFTER UPDATE ON "users"
  FOR EACH ROW WHEN (NEW."is_verified" IS DISTINCT FROM OLD."is_verified")
  EXECUTE FUNCTION "users_verification_marks_cars"();--> statement-breakpoint
-- The search's kept counts (car_counts), by statement triggers as car_names: per statement, each cell
-- it touches gets the net change of its count (in the cells' order, so that two statements lock
-- shared cells in the same order), then its cheapest and dearest car from either end of the cell in
-- cars_unsold_facets_idx. That second statement runs once the first holds the cells' locks, on a
-- snapshot of its own (a VOLATILE function's): it sees every change committed to those cells before.
CREATE FUNCTION "car_counts_change"("name_keys" text[], "category_ids" text[], "fuels" text[], "years" integer[], "verified" boolean[], "brand_keys" text[], "changes" integer[])
  RETURNS void LANGUAGE sql AS $$
  INSERT INTO "car_counts" AS c ("name_key", "category_id", "fuel", "year", "seller_verified", "brand_key", "cars_for_sale")
    SELECT "name_key", "category_id", "fuel", "year", "seller_verified", min("brand_key"), sum("change")
    FROM unnest("name_keys", "category_ids", "fuels", "years", "verified", "brand_keys", "changes")
      AS x("name_key", "category_id", "fuel", "year", "seller_verified", "brand_key", "change")
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ("name_key", "category_id", "fuel", "year", "seller_verified") DO UPDATE SET
    "cars_for_sale" = c."cars_for_sale" + excluded."cars_for_sale";
  UPDATE "car_counts" AS c SET
    "price_min" = (SELECT min("asking_price") FROM "cars" WHERE "sold_at" IS NULL AND "name_key" = c."name_key"
      AND "category_id" = c."category_id" AND "fuel" = c."fuel" AND "year" = c."year" AND "seller_verified" = c."seller_verified"),
    "price_max" = (SELECT max("asking_price") FROM "cars" WHERE "sold_at" IS NULL AND "name_key" = c."name_key"
      AND "category_id" = c."category_id" AND "fuel" = c."fuel" AND "year" = c."year" AND "seller_verified" = c."seller_verified")
    FROM (SELECT DISTINCT * FROM unnest("name_keys", "category_ids", "fuels", "years", "verified")) AS x("name_key", "category_id", "fuel", "year", "seller_verified")
    WHERE (c."name_key", c."category_id", c."fuel", c."year", c."seller_verified")
      = (x."name_key", x."category_id", x."fuel", x."year", x."seller_verified");
$$;--> statement-breakpoint
CREATE FUNCTION "cars_count_cells"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "car_counts_change"(array_agg("name_key"), array_agg("category_id"), array_agg("fuel"), array_agg("year"), array_agg("seller_verified"), array_agg("brand_key"), array_agg(1))
      FROM "added_cars" WHERE "sold_at" IS NULL;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "car_counts_change"(array_agg("name_key"), array_agg("category_id"), array_agg("fuel"), array_agg("year"), array_agg("seller_verified"), array_agg("brand_key"), array_agg(-1))
      FROM "removed_cars" WHERE "sold_at" IS NULL;
  ELSE
    PERFORM "car_counts_change"(array_agg("name_key"), array_agg("category_id"), array_agg("fuel"), array_agg("year"), array_agg("seller_verified"), array_agg("brand_key"), array_agg("change"))
      FROM (
        SELECT "name_key", "category_id", "fuel", "year", "seller_verified", "brand_key", 1 AS "change" FROM "added_cars" WHERE "sold_at" IS NULL
        UNION ALL
        SELECT "name_key", "category_id", "fuel", "year", "seller_verified", "brand_key", -1 FROM "removed_cars" WHERE "sold_at" IS NULL
      ) AS c;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "cars_count_cells_added" AFTER INSERT ON "cars" REFERENCING NEW TABLE AS "added_cars"
  FOR EACH STATEMENT EXECUTE FUNCTION "cars_count_cells"();--> statement-breakpoint
CREATE TRIGGER "cars_count_cells_changed" AFTER UPDATE ON "cars"
  REFERENCING OLD TABLE AS "removed_cars" NEW TABLE AS "added_cars"
  FOR EACH STATEMENT EXECUTE FUNCTION "cars_count_cells"();--> statement-breakpoint
CREATE TRIGGER "cars_count_cells_removed" AFTER DELETE ON "cars" REFERENCING OLD TABLE AS "removed_cars"
  FOR EACH STATEMENT EXECUTE FUNCTION "cars_count_cells"();--> statement-breakpoint
-- Every count again from the cars (this migration's, and a bulk loader's that loads without the
-- triggers: bench/data.ts).
CREATE FUNCTION "car_counts_recount"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "car_counts";
  INSERT INTO "car_counts" ("name_key", "category_id", "fuel", "year", "seller_verified", "brand_key", "cars_for_sale", "price_min", "price_max")
    SELECT "name_key", "category_id", "fuel", "year", "seller_verified", min("brand_key"), count(*), min("asking_price"), max("asking_price")
    FROM "cars" WHERE "sold_at" IS NULL GROUP BY 1, 2, 3, 4, 5;
$$;--> statement-breakpoint
SELECT "car_counts_recount"();--> statement-breakpoint
-- TRUNCATE fires no row or transition-table trigger: emptied cars leave no count behind (car_names'
-- included, which migration 0003 left counting them).
CREATE FUNCTION "cars_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "car_counts";
  DELETE FROM "car_names";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "cars_truncated" AFTER TRUNCATE ON "cars" FOR EACH STATEMENT EXECUTE FUNCTION "cars_truncated"();
