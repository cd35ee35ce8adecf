-- Added by hand (drizzle-kit does not model functions or triggers). A price's or a km's band: twelve
-- a decade, each up to and including 10, 12, 15, 20, 25, 30, 40, 50, 60, 70, 80 or 90 times a power
-- of ten, so that the round figures a buyer types as a maximum are the tops of bands: 0 is band 0,
-- 1 band 1, from 150,001 up to 200,000 band 64.
CREATE FUNCTION "redline_band"("value" bigint) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN "value" < 1 THEN 0 WHEN "value" = 1 THEN 1 ELSE
    (length(("value" - 1)::text) - 1) * 12 + 2 + width_bucket(
      CASE WHEN "value" - 1 < 10 THEN ("value" - 1) * 10 ELSE left(("value" - 1)::text, 2)::bigint END,
      '{12,15,20,25,30,40,50,60,70,80,90}'::bigint[])
  END
$$;--> statement-breakpoint
-- The greatest value of a band: a band holds the values above the top of the band before it, up to
-- its own top.
CREATE FUNCTION "redline_band_top"("band" integer) RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN "band" < 1 THEN greatest("band", -1)
    WHEN "band" <= 12 THEN ceil(('{10,12,15,20,25,30,40,50,60,70,80,90}'::int[])["band"] / 10.0)::bigint
    ELSE ('{10,12,15,20,25,30,40,50,60,70,80,90}'::bigint[])[("band" - 1) % 12 + 1]
      * (10 ^ (("band" - 1) / 12 - 1))::bigint
  END
$$;--> statement-breakpoint
CREATE TABLE "car_band_counts" (
	"category_id" text NOT NULL,
	"name_key" text NOT NULL,
	"brand_key" text NOT NULL,
	"fuel" text NOT NULL,
	"year" integer NOT NULL,
	"seller_verified" boolean NOT NULL,
	"price_band" integer NOT NULL,
	"km_band" integer NOT NULL,
	"km_above" bigint GENERATED ALWAYS AS (redline_band_top(km_band - 1)) STORED NOT NULL,
	"km_top" bigint GENERATED ALWAYS AS (redline_band_top(km_band)) STORED NOT NULL,
	"cars_for_sale" integer NOT NULL,
	"price_min" integer,
	"price_max" integer,
	CONSTRAINT "car_band_counts_name_key_category_id_fuel_year_seller_verified_price_band_km_band_pk" PRIMARY KEY("name_key","category_id","fuel","year","seller_verified","price_band","km_band")
);
--> statement-breakpoint
DROP INDEX "cars_unsold_facets_idx";--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "price_band" integer GENERATED ALWAYS AS (redline_band(asking_price)) STORED;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "km_band" integer GENERATED ALWAYS AS (redline_band(km_driven)) STORED;--> statement-breakpoint
CREATE INDEX "cars_unsold_facets_idx" ON "cars" USING btree ("name_key","category_id","fuel","year","seller_verified","price_band","km_band","asking_price","km_driven","brand_key") WHERE "cars"."sold_at" is null;
--> statement-breakpoint
-- The statement triggers of 0004 keep both tables, car_band_counts' cells first (in the same order in
-- every statement, so that two statements lock shared cells in the same order): each cell's count by
-- its net change, then its cheapest and dearest car from either end of the cell in
-- cars_unsold_facets_idx; car_counts' cells by their net change, their price bounds from their band
-- cells. Each statement after the first runs once the first holds the cells' locks, on a snapshot of
-- its own (a VOLATILE function's): it sees every change committed to those cells before.
DROP FUNCTION "car_counts_change"(text[], text[], text[], integer[], boolean[], text[], integer[]);--> statement-breakpoint
CREATE FUNCTION "car_counts_change"("name_keys" text[], "category_ids" text[], "fuels" text[], "years" integer[], "verified" boolean[], "price_bands" integer[], "km_bands" integer[], "brand_keys" text[], "changes" integer[])
  RETURNS void LANGUAGE sql AS $$
  INSERT INTO "car_band_counts" AS c ("name_key", "category_id", "fuel", "year", "seller_verified", "price_band", "km_band", "brand_key", "cars_for_sale")
    SELECT "name_key", "category_id", "fuel", "year", "seller_verified", "price_band", "km_band", min("brand_key"), sum("change")
    FROM unnest("name_keys", "category_ids", "fuels", "years", "verified", "price_bands", "km_bands", "brand_keys", "changes")
      AS x("name_key", "category_id", "fuel", "year", "seller_verified", "price_band", "km_band", "brand_key", "change")
    GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT ("name_key", "category_id", "fuel", "year", "seller_verified", "price_band", "km_band") DO UPDATE SET
    "cars_for_sale" = c."cars_for_sale" + excluded."cars_for_sale";
  UPDATE "car_band_counts" AS c SET ("price_min", "price_max") = (
      SELECT min("asking_price"), max("asking_price") FROM "cars" WHERE "sold_at" IS NULL
        AND ("name_key", "category_id", "fuel", "year", "seller_verified", "price_band", "km_band")
          = (c."name_key", c."category_id", c."fuel", c."year", c."seller_verified", c."price_band", c."km_band"))
    FROM (SELECT DISTINCT * FROM unnest("name_keys", "category_ids", "fuels", "years", "verified", "price_bands", "km_bands"))
      AS x("name_key", "category_id", "fuel", "year", "seller_verified", "price_band", "km_band")
    WHERE (c."name_key", c."category_id", c."fuel", c."year", c."seller_verified", c."price_band", c."km_band")
      = (x."name_key", x."category_id", x."fuel", x."year", x."seller_verified", x."price_band", x."km_band");
  INSERT INTO "car_counts" AS c ("name_key", "category_id", "fuel", "year", "seller_verified", "brand_key", "cars_for_sale")
    SELECT "name_key", "category_id", "fuel", "year", "seller_verified", min("brand_key"), sum("change")
    FROM unnest("name_keys", "category_ids", "fuels", "years", "verified", "brand_keys", "changes")
      AS x("name_key", "category_id", "fuel", "year", "seller_verified", "brand_key", "change")
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ("name_key", "category_id", "fuel", "year", "seller_verified") DO UPDATE SET
    "cars_for_sale" = c."cars_for_sale" + excluded."cars_for_sale";
  UPDATE "car_counts" AS c SET ("price_min", "price_max") = (
      SELECT min("price_min"), max("price_max") FROM "car_band_counts" AS b
      WHERE (b."name_key", b."category_id", b."fuel", b."year", b."seller_verified")
        = (c."name_key", c."category_id", c."fuel", c."year", c."seller_verified"))
    FROM (SELECT DISTINCT * FROM unnest("name_keys", "category_ids", "fuels", "years", "verified")) AS x("name_key", "category_id", "fuel", "year", "seller_verified")
    WHERE (c."name_key", c."category_id", c."fuel", c."year", c."seller_verified")
      = (x."name_key", x."category_id", x."fuel", x."year", x."seller_verified");
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "cars_count_cells"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "car_counts_change"(array_agg("name_key"), array_agg("category_id"), array_agg("fuel"), array_agg("year"), array_agg("seller_verified"), array_agg("price_band"), array_agg("km_band"), array_agg("brand_key"), array_agg(1))
      FROM "added_cars" WHERE "sold_at" IS NULL;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "car_counts_change"(array_agg("name_key"), array_agg("category_id"), array_agg("fuel"), array_agg("year"), array_agg("seller_verified"), array_agg("price_band"), array_agg("km_band"), array_agg("brand_key"), array_agg(-1))
      FROM "removed_cars" WHERE "sold_at" IS NULL;
  ELSE
    PERFORM "car_counts_change"(array_agg("name_key"), array_agg("category_id"), array_agg("fuel"), array_agg("year"), array_agg("seller_verified"), array_agg("price_band"), array_agg("km_band"), array_agg("brand_key"), array_agg("change"))
      FROM (
        SELECT "name_key", "category_id", "fuel", "year", "seller_verified", "price_band", "km_band", "brand_key", 1 AS "change" FROM "added_cars" WHERE "sold_at" IS NULL
        UNION ALL
        SELECT "name_key", "category_id", "fuel", "year", "seller_verified", "price_band", "km_band", "brand_key", -1 FROM "removed_cars" WHERE "sold_at" IS NULL
      ) AS c;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "car_counts_recount"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "car_band_counts";
  INSERT INTO "car_band_counts" ("name_key", "category_id", "fuel", "year", "seller_verified", "price_band", "km_band", "brand_key", "cars_for_sale", "price_min", "price_max")
    SELECT "name_key", "category_id", "fuel", "year", "seller_verified", "price_band", "km_band",
      min("brand_key"), count(*), min("asking_price"), max("asking_price")
    FROM "cars" WHERE "sold_at" IS NULL GROUP BY 1, 2, 3, 4, 5, 6, 7;
  DELETE FROM "car_counts";
  INSERT INTO "car_counts" ("name_key", "category_id", "fuel", "year", "seller_verified", "brand_key", "cars_for_sale", "price_min", "price_max")
    SELECT "name_key", "category_id", "fuel", "year", "seller_verified", min("brand_key"), sum("cars_for_sale"), min("price_min"), max("price_max")
    FROM "car_band_counts" GROUP BY 1, 2, 3, 4, 5;
$$;--> statement-breakpoint
SELECT "car_counts_recount"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "cars_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "car_band_counts";
  DELETE FROM "car_counts";
  DELETE FROM "car_names";
  RETURN NULL;
END;
$$;
