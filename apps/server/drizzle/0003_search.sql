-- Added by hand (drizzle-kit models neither extensions nor functions): the search's text folding.
-- pg_trgm gives typo-tolerant matching (word similarity) with GIN indexes; unaccent removes accents.
-- Both are trusted extensions: the owner of the database may create them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- Lower case without accents ("Citroën" -> "citroen"). unaccent() is only STABLE (its dictionary
-- could be changed); this wrapper names the dictionary, bound when the function is created (a
-- standard SQL body), so that it can be IMMUTABLE and feed stored columns and indexes.
CREATE FUNCTION "redline_fold"(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN lower(unaccent('unaccent'::regdictionary, $1));--> statement-breakpoint
CREATE TABLE "car_prices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"car_id" uuid NOT NULL,
	"asking_price" integer NOT NULL,
	"changed_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "price_dropped_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "search_text" text GENERATED ALWAYS AS (redline_fold(brand || ' ' || model || ' ' || engine || ' ' || about)) STORED;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "name_key" text GENERATED ALWAYS AS (redline_fold(brand || ' ' || model)) STORED;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "brand_key" text GENERATED ALWAYS AS (redline_fold(brand)) STORED;--> statement-breakpoint
ALTER TABLE "car_prices" ADD CONSTRAINT "car_prices_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "car_prices_car_idx" ON "car_prices" USING btree ("car_id","changed_at","id");--> statement-breakpoint
CREATE INDEX "cars_unsold_newest_idx" ON "cars" USING btree ("added_date" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "cars"."sold_at" is null;--> statement-breakpoint
CREATE INDEX "cars_unsold_price_idx" ON "cars" USING btree ("asking_price","id") WHERE "cars"."sold_at" is null;--> statement-breakpoint
CREATE INDEX "cars_unsold_km_idx" ON "cars" USING btree ("km_driven","id") WHERE "cars"."sold_at" is null;--> statement-breakpoint
CREATE INDEX "cars_unsold_year_idx" ON "cars" USING btree ("year" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "cars"."sold_at" is null;--> statement-breakpoint
CREATE INDEX "cars_unsold_brand_idx" ON "cars" USING btree ("brand_key","added_date" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "cars"."sold_at" is null;--> statement-breakpoint
CREATE INDEX "cars_unsold_facets_idx" ON "cars" USING btree ("category_id","brand_key","fuel","year","asking_price","km_driven","seller_id","brand") WHERE "cars"."sold_at" is null;--> statement-breakpoint
CREATE INDEX "cars_unsold_text_idx" ON "cars" USING gin ("search_text" gin_trgm_ops) WHERE "cars"."sold_at" is null;--> statement-breakpoint
CREATE INDEX "cars_unsold_name_idx" ON "cars" USING gin ("name_key" gin_trgm_ops) WHERE "cars"."sold_at" is null;--> statement-breakpoint
CREATE INDEX "cars_unsold_name_prefix_idx" ON "cars" USING btree ("name_key" text_pattern_ops) WHERE "cars"."sold_at" is null;--> statement-breakpoint
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
CREATE FUNCTION "cars_record_price"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "car_prices" ("car_id", "asking_price", "changed_at")
    VALUES (NEW."id", NEW."asking_price", CASE WHEN TG_OP = 'INSERT' THEN NEW."added_date" ELSE now() END);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "cars_record_price_posted" AFTER INSERT ON "cars"
  FOR EACH ROW EXECUTE FUNCTION "cars_record_price"();--> statement-breakpoint
CREATE TRIGGER "cars_record_price_changed" AFTER UPDATE OF "asking_price" ON "cars"
  FOR EACH ROW WHEN (NEW."asking_price" IS DISTINCT FROM OLD."asking_price")
  EXECUTE FUNCTION "cars_record_price"();--> statement-breakpoint
-- The cars posted before this migration: their history starts with the price they have now.
INSERT INTO "car_prices" ("car_id", "asking_price", "changed_at")
  SELECT "id", "asking_price", "added_date" FROM "cars";