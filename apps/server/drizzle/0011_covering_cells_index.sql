-- A page of a search without text that matches few cars gathers them by their cells (car_counts) from
-- cars_unsold_facets_idx, then sorts them. With a car's addition time and id after the filters'
-- columns, the index holds all that such a page reads of a car: an index-only scan instead of a
-- read of each car from the table (docs/performance.md, section 8: "Maserati from 2023", 2,313 cars,
-- 101 ms -> 4.5 ms at 1,000,000 cars, most of it the table's pages read from the operating system).
DROP INDEX "cars_unsold_facets_idx";--> statement-breakpoint
CREATE INDEX "cars_unsold_facets_idx" ON "cars" USING btree ("name_key","category_id","fuel","year","seller_verified","asking_price","km_driven","brand_key","added_date","id") WHERE "cars"."sold_at" is null;