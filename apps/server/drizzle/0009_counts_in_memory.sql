-- Added by hand: a search by price or km counts its cars from the columns in memory (ADR 23), so the
-- band cells of 0005 and the plain cells' km bounds of 0007 go. The kept counts are those of 0004
-- again: each cell's count by its net change, then its cheapest and dearest car from either end of
-- the cell in cars_unsold_facets_idx (rebuilt below without the bands), in a statement that runs
-- once the first holds the cells' locks, on a snapshot of its own (a VOLATILE function's).
CREATE FUNCTION "car_counts_change"("name_keys" text[], "category_ids" text[], "fuels" text[], "years" integer[], "verified" boolean[], "brand_keys" text[], "changes" integer[])
  RETURNS void LANGUAGE sql AS $$
  INSERT INTO "car_counts" AS c ("name_key", "category_id", "fuel", "year", "seller_verified", "brand_key", "cars_for_sale")
    SELECT "name_key", "category_id", "fuel", "year", "seller_verified", min("brand_key"), sum("change")
    FROM unnest("name_keys", "category_ids", "fuels", "years", "verified", "brand_keys", "changes")
      AS x("name_key", "category_id", "fuel", "year", "seller_verified", "brand_key", "change")
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ("name_key", "category_id", "fuel", "year", "seller_verified") DO UPDATE SET
    "cars_for_sale" = c."cars_for_sale" + excluded."cars_for_sale";
  UPDATE "car_counts" AS c SET ("price_min", "price_max") = (
      SELECT min("asking_price"), max("asking_price") FROM "cars" WHERE "sold_at" IS NULL
        AND ("name_key", "category_id", "fuel", "year", "seller_verified")
          = (c."name_key", c."category_id", c."fuel", c."year", c."seller_verified"))
    FROM (SELECT DISTINCT * FROM unnest("name_keys", "category_ids", "fuels", "years", "verified"))
      AS x("name_key", "category_id", "fuel", "year", "seller_verified")
    WHERE (c."name_key", c."category_id", c."fuel", c."year", c."seller_verified")
      = (x."name_key", x."category_id", x."fuel", x."year", x."seller_verified");
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "cars_count_cells"() RETURNS trigger LANGUAGE plpgsql AS $$
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
DROP FUNCTION "car_counts_change"(text[], text[], text[], integer[], boolean[], integer[], integer[], text[], integer[]);--> statement-breakpoint
CREATE OR REPLACE FUNCTION "car_counts_recount"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "car_counts";
  INSERT INTO "car_counts" ("name_key", "category_id", "fuel", "year", "seller_verified", "brand_key", "cars_for_sale", "price_min", "price_max")
    SELECT "name_key", "category_id", "fuel", "year", "seller_verified", min("brand_key"), count(*), min("asking_price"), max("asking_price")
    FROM "cars" WHERE "sold_at" IS NULL GROUP BY 1, 2, 3, 4, 5;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "cars_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "car_counts";
  DELETE FROM "car_names";
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TABLE "car_band_counts" CASCADE;--> statement-breakpoint
DROP INDEX "cars_unsold_facets_idx";--> statement-breakpoint
CREATE INDEX "cars_unsold_facets_idx" ON "cars" USING btree ("name_key","category_id","fuel","year","seller_verified","asking_price","km_driven","brand_key") WHERE "cars"."sold_at" is null;--> statement-breakpoint
ALTER TABLE "car_counts" DROP COLUMN "km_above";--> statement-breakpoint
ALTER TABLE "car_counts" DROP COLUMN "km_top";--> statement-breakpoint
ALTER TABLE "cars" DROP COLUMN "price_band";--> statement-breakpoint
ALTER TABLE "cars" DROP COLUMN "km_band";--> statement-breakpoint
DROP FUNCTION "redline_band_top"(integer);--> statement-breakpoint
DROP FUNCTION "redline_band"(bigint);
