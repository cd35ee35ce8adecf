-- Written by hand around drizzle-kit's statements (it does not model functions or triggers). No
-- search reads the band counts since ADR 25 (every search but a seller's is counted in memory), so
-- they go, with the cars' price and km bands and the plain cells' price and km bounds (migrations
-- 0004, 0005 and 0007): every car written paid for them. The kept counts (car_counts) keep how many
-- cars each cell has for sale, which a page that gathers few cars reads (the cells with cars under
-- its filters): one netted upsert per statement. cars_unsold_facets_idx loses the bands.
CREATE FUNCTION "car_counts_change"("name_keys" text[], "category_ids" text[], "fuels" text[], "years" integer[], "verified" boolean[], "brand_keys" text[], "changes" integer[])
  RETURNS void LANGUAGE sql AS $$
  INSERT INTO "car_counts" AS c ("name_key", "category_id", "fuel", "year", "seller_verified", "brand_key", "cars_for_sale")
    SELECT "name_key", "category_id", "fuel", "year", "seller_verified", min("brand_key"), sum("change")
    FROM unnest("name_keys", "category_ids", "fuels", "years", "verified", "brand_keys", "changes")
      AS x("name_key", "category_id", "fuel", "year", "seller_verified", "brand_key", "change")
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ("name_key", "category_id", "fuel", "year", "seller_verified") DO UPDATE SET
    "cars_for_sale" = c."cars_for_sale" + excluded."cars_for_sale";
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
  INSERT INTO "car_counts" ("name_key", "category_id", "fuel", "year", "seller_verified", "brand_key", "cars_for_sale")
    SELECT "name_key", "category_id", "fuel", "year", "seller_verified", min("brand_key"), count(*)
    FROM "cars" WHERE "sold_at" IS NULL GROUP BY 1, 2, 3, 4, 5;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "cars_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "car_counts";
  DELETE FROM "car_names";
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TABLE "car_band_counts";--> statement-breakpoint
ALTER TABLE "car_counts" DROP COLUMN "km_above";--> statement-breakpoint
ALTER TABLE "car_counts" DROP COLUMN "km_top";--> statement-breakpoint
ALTER TABLE "car_counts" DROP COLUMN "price_min";--> statement-breakpoint
ALTER TABLE "car_counts" DROP COLUMN "price_max";--> statement-breakpoint
DROP INDEX "cars_unsold_facets_idx";--> statement-breakpoint
ALTER TABLE "cars" DROP COLUMN "price_band";--> statement-breakpoint
ALTER TABLE "cars" DROP COLUMN "km_band";--> statement-breakpoint
DROP FUNCTION "redline_band_top"(integer);--> statement-breakpoint
DROP FUNCTION "redline_band"(bigint);--> statement-breakpoint
CREATE INDEX "cars_unsold_facets_idx" ON "cars" USING btree ("name_key","category_id","fuel","year","seller_verified","asking_price","km_driven","brand_key") WHERE "cars"."sold_at" is null;
