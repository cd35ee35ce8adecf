-- Redline's own reports (issue 46, ADR 42): a report with no buyer, at most one per car.
ALTER TABLE "reported_posts" ALTER COLUMN "buyer_id" DROP NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "reported_posts_automatic_car_idx" ON "reported_posts" USING btree ("car_id") WHERE buyer_id is null;