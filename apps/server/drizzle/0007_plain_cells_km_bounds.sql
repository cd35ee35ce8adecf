-- Each plain cell's km bounds, from its band cells with cars (ADR 21, amended): with the price bounds
-- it already has, they tell whether a search's ranges hold the cell whole, leave it out, or cut it;
-- only the cells they cut are read band by band.
ALTER TABLE "car_counts" ADD COLUMN "km_above" bigint;--> statement-breakpoint
ALTER TABLE "car_counts" ADD COLUMN "km_top" bigint;--> statement-breakpoint
-- As in 0005, the plain cells' bounds now include the km bounds of their band cells with cars.
CREATE OR REPLACE FUNCTION "car_counts_change"("name_keys" text[], "category_ids" text[], "fuels" text[], "years" integer[], "verified" boolean[], "price_bands" integer[], "km_bands" integer[], "brand_keys" text[], "changes" integer[])
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
  UPDATE "car_counts" AS c SET ("price_min", "price_max", "km_above", "km_top") = (
      SELECT min("price_min"), max("price_max"),
        min("km_above") FILTER (WHERE "cars_for_sale" > 0), max("km_top") FILTER (WHERE "cars_for_sale" > 0)
      FROM "car_band_counts" AS b
      WHERE (b."name_key", b."category_id", b."fuel", b."year", b."seller_verified")
        = (c."name_key", c."category_id", c."fuel", c."year", c."seller_verified"))
    FROM (SELECT DISTINCT * FROM unnest("name_keys", "category_ids", "fuels", "years", "verified")) AS x("name_key", "category_id", "fuel", "year", "seller_verified")
    WHERE (c."name_key", c."category_id", c."fuel", c."year", c."seller_verified")
      = (x."name_key", x."category_id", x."fuel", x."year", x."seller_verified");
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "car_counts_recount"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "car_band_counts";
  INSERT INTO "car_band_counts" ("name_key", "category_id", "fuel", "year", "seller_verified", "price_band", "km_band", "brand_key", "cars_for_sale", "price_min", "price_max")
    SELECT "name_key", "category_id", "fuel", "year", "seller_verified", "price_band", "km_band",
      min("brand_key"), count(*), min("asking_price"), max("asking_price")
    FROM "cars" WHERE "sold_at" IS NULL GROUP BY 1, 2, 3, 4, 5, 6, 7;
  DELETE FROM "car_counts";
  INSERT INTO "car_counts" ("name_key", "category_id", "fuel", "year", "seller_verified", "brand_key", "cars_for_sale", "price_min", "price_max", "km_above", "km_top")
    SELECT "name_key", "category_id", "fuel", "year", "seller_verified", min("brand_key"), sum("cars_for_sale"), min("price_min"), max("price_max"),
      min("km_above"), max("km_top")
    FROM "car_band_counts" GROUP BY 1, 2, 3, 4, 5;
$$;--> statement-breakpoint
UPDATE "car_counts" AS c SET ("km_above", "km_top") = (
    SELECT min("km_above"), max("km_top") FROM "car_band_counts" AS b
    WHERE (b."name_key", b."category_id", b."fuel", b."year", b."seller_verified")
      = (c."name_key", c."category_id", c."fuel", c."year", c."seller_verified") AND b."cars_for_sale" > 0);
