CREATE TABLE "saved_search_matches" (
	"saved_search_id" uuid NOT NULL,
	"car_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"told_at" timestamp (3) with time zone,
	CONSTRAINT "saved_search_matches_saved_search_id_car_id_pk" PRIMARY KEY("saved_search_id","car_id")
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"buyer_id" text NOT NULL,
	"name" text NOT NULL,
	"filters" jsonb NOT NULL,
	"filters_key" text NOT NULL,
	"frequency" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_searches_frequency_check" CHECK ("saved_searches"."frequency" in ('instant', 'daily'))
);
--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_search_matches_untold_idx" ON "saved_search_matches" USING btree ("saved_search_id") WHERE "saved_search_matches"."told_at" is null;--> statement-breakpoint
CREATE INDEX "saved_search_matches_car_idx" ON "saved_search_matches" USING btree ("car_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_searches_buyer_filters_idx" ON "saved_searches" USING btree ("buyer_id","filters_key");--> statement-breakpoint
CREATE INDEX "saved_searches_buyer_created_idx" ON "saved_searches" USING btree ("buyer_id","created_at" DESC NULLS LAST);