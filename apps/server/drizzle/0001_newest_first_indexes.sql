DROP INDEX "advertisements_created_idx";--> statement-breakpoint
DROP INDEX "bookings_buyer_idx";--> statement-breakpoint
DROP INDEX "bookings_seller_idx";--> statement-breakpoint
DROP INDEX "cars_category_idx";--> statement-breakpoint
DROP INDEX "cars_seller_idx";--> statement-breakpoint
DROP INDEX "contact_messages_created_idx";--> statement-breakpoint
DROP INDEX "payments_created_idx";--> statement-breakpoint
DROP INDEX "users_role_idx";--> statement-breakpoint
CREATE INDEX "advertisements_created_idx" ON "advertisements" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "bookings_buyer_idx" ON "bookings" USING btree ("buyer_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "bookings_seller_idx" ON "bookings" USING btree ("seller_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "cars_category_idx" ON "cars" USING btree ("category_id","added_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "cars_seller_idx" ON "cars" USING btree ("seller_id","added_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role","created_at","id");