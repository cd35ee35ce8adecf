-- Added by hand (drizzle-kit models neither extensions nor functions): the search's text folding.
-- pg_trgm matches names with a typo (word similarity, GIN indexes); unaccent removes accents.
-- Both are trusted extensions: the owner of the database may create them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- Lower case without accents ("Citroën" -> "citroen"). unaccent() is only STABLE (its dictionary
-- could be changed); this wrapper names the dictionary, bound when the function is created (a
-- standard SQL body), so that it can be IMMUTABLE and feed stored columns and indexes.
CREATE FUNCTION "redline_fold"(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN lower(unaccent('unaccent'::regdictionary, $1));--> statement-breakpoint
CREATE TABLE "car_names" (
	"name_key" text PRIMARY KEY NOT NULL,
	"brand_key" text NOT NULL,
	"brand" text NOT NULL,
	"model" text NOT NULL,
	"cars_for_sale" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "car_prices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"car_id" uuid NOT NULL,
	"asking_price" integer NOT NULL,
	"changed_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "price_dropped_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "search_words" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, redline_fold(brand || ' ' || model || ' ' || engine || ' ' || about))) STORED;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "name_key" text GENERATED ALWAYS AS (redline_fold(brand || ' ' || model)) STORED;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "brand_key" text GENERATED ALWAYS AS (redline_fold(brand)) STORED;--> statement-breakpoint
ALTER TABLE "car_prices" ADD CONSTRAINT "car_prices_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "car_names_prefix_idx" ON "car_names" USING btree ("name_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "car_names_trgm_idx" ON "car_names" USING gin ("name_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "car_prices_car_idx" ON "car_prices" USING btree ("car_id","changed_at","id");--> statement-breakpoint
CREATE INDEX "cars_unsold_newest_idx" ON "cars" USING btree ("added_date" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "cars"."sold_at" is null;--> statement-breakpoint
CREATE INDEX "cars_unsold_price_idx" ON "cars" USING btree ("asking_price","id") WHERE "cars"."sold_at" is null;--> statement-breakpoint
CREATE INDEX "cars_unsold_km_idx" ON "cars" USING btree ("km_driven","id") WHERE "cars"."sold_at" is null;--> statement-breakpoint
CREATE INDEX "cars_unsold_year_idx" ON "cars" USING btree ("year" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "cars"."sold_at" is null;--> statement-breakpoint
CREATE INDEX "cars_unsold_brand_idx" ON "cars" USING btree ("brand_key","added_date" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "cars"."sold_at" is null;--> statement-breakpoint
CREATE INDEX "cars_unsold_facets_idx" ON "cars" USING btree ("category_id","brand_key","fuel","year","asking_price","km_driven","seller_id","brand") WHERE "cars"."sold_at" is null;--> statement-breakpoint
CREATE INDEX "cars_unsold_words_idx" ON "cars" USING gin ("search_words") WHERE "cars"."sold_at" is null;--> statement-breakpoint
CREATE INDEX "cars_unsold_name_idx" ON "cars" USING btree ("name_key") WHERE "cars"."sold_at" is null;--> statement-breakpoint
-- Added by hand (drizzle-kit does not model triggers): a car's price history and its "price dropped"
-- date are kept by the database, whichever code path posts a car or changes its price.
CREATE FUNCTION "cars_price_dropped"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."asking_price" < OLD."asking_price" THEN
    NEW."price_dropped_at" := now();
  ELSIF NEW."asking_price" > OLD."asking_price" THEN
    NEW."price_dropped_at" := NULL;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "cars_price_dropped" BEFORE UPDATE OF "asking_price" ON "cars"
  FOR EACH ROW WHEN (NEW."asking_price" IS DISTINCT FROM OLD."asking_price")
  EXECUTE FUNCTION "cars_price_dropped"();--> statement-breakpoint
-- A posted car's first price: one insert per statement (the seed and the data generator post
-- thousands of cars in one), from the statement's new rows.
CREATE FUNCTION "cars_record_first_prices"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "car_prices" ("car_id", "asking_price", "changed_at")
    SELECT "id", "asking_price", "added_date" FROM "added_cars";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "cars_record_first_prices" AFTER INSERT ON "cars" REFERENCING NEW TABLE AS "added_cars"
  FOR EACH STATEMENT EXECUTE FUNCTION "cars_record_first_prices"();--> statement-breakpoint
CREATE FUNCTION "cars_record_price"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "car_prices" ("car_id", "asking_price", "changed_at") VALUES (NEW."id", NEW."asking_price", now());
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "cars_record_price_changed" AFTER UPDATE OF "asking_price" ON "cars"
  FOR EACH ROW WHEN (NEW."asking_price" IS DISTINCT FROM OLD."asking_price")
  EXECUTE FUNCTION "cars_record_price"();--> statement-breakpoint
-- The cars posted before this migration: their history starts with the price they have now.
INSERT INTO "car_prices" ("car_id", "asking_price", "changed_at")
  SELECT "id", "asking_price", "added_date" FROM "cars";--> statement-breakpoint
-- The suggestions' names, with how many cars of each are for sale (car_names), kept by statement
-- triggers: one upsert per statement, whatever number of cars it writes, netted per name (an edit
-- that changes neither the name nor whether the car is for sale writes nothing).
CREATE FUNCTION "car_names_count"("name_keys" text[], "brand_keys" text[], "brands" text[], "models" text[], "changes" integer[])
  RETURNS void LANGUAGE sql AS $$
  INSERT INTO "car_names" AS n ("name_key", "brand_key", "brand", "model", "cars_for_sale")
    SELECT "name_key", min("brand_key"), min("brand" COLLATE "C"), min("model" COLLATE "C"), sum("change")
    FROM unnest("name_keys", "brand_keys", "brands", "models", "changes") AS c("name_key", "brand_key", "brand", "model", "change")
    GROUP BY "name_key" HAVING sum("change") <> 0
  ON CONFLICT ("name_key") DO UPDATE SET
    "cars_for_sale" = n."cars_for_sale" + excluded."cars_for_sale",
    "brand" = least(n."brand" COLLATE "C", excluded."brand" COLLATE "C"),
    "model" = least(n."model" COLLATE "C", excluded."model" COLLATE "C");
$$;--> statement-breakpoint
CREATE FUNCTION "cars_count_names"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "car_names_count"(array_agg("name_key"), array_agg("brand_key"), array_agg("brand"), array_agg("model"), array_agg(1))
      FROM "added_cars" WHERE "sold_at" IS NULL;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "car_names_count"(array_agg("name_key"), array_agg("brand_key"), array_agg("brand"), array_agg("model"), array_agg(-1))
      FROM "removed_cars" WHERE "sold_at" IS NULL;
  ELSE
    PERFORM "car_names_count"(array_agg("name_key"), array_agg("brand_key"), array_agg("brand"), array_agg("model"), array_agg("change"))
      FROM (
        SELECT "name_key", "brand_key", "brand", "model", 1 AS "change" FROM "added_cars" WHERE "sold_at" IS NULL
        UNION ALL
        SELECT "name_key", "brand_key", "brand", "model", -1 FROM "removed_cars" WHERE "sold_at" IS NULL
      ) AS c;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "cars_count_names_added" AFTER INSERT ON "cars" REFERENCING NEW TABLE AS "added_cars"
  FOR EACH STATEMENT EXECUTE FUNCTION "cars_count_names"();--> statement-breakpoint
CREATE TRIGGER "cars_count_names_changed" AFTER UPDATE ON "cars"
  REFERENCING OLD TABLE AS "removed_cars" NEW TABLE AS "added_cars"
  FOR EACH STATEMENT EXECUTE FUNCTION "cars_count_names"();--> statement-breakpoint
CREATE TRIGGER "cars_count_names_removed" AFTER DELETE ON "cars" REFERENCING OLD TABLE AS "removed_cars"
  FOR EACH STATEMENT EXECUTE FUNCTION "cars_count_names"();--> statement-breakpoint
-- The cars posted before this migration.
INSERT INTO "car_names" ("name_key", "brand_key", "brand", "model", "cars_for_sale")
  SELECT "name_key", min("brand_key"), min("brand" COLLATE "C"), min("model" COLLATE "C"), count(*) FILTER (WHERE "sold_at" IS NULL)
  FROM "cars" GROUP BY "name_key";
