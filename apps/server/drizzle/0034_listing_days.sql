CREATE TABLE "listing_days" (
	"car_id" uuid NOT NULL,
	"day" date NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "listing_days_car_id_day_pk" PRIMARY KEY("car_id","day"),
	CONSTRAINT "listing_days_counts_check" CHECK ("listing_days"."impressions" >= 0 and "listing_days"."views" >= 0)
);
--> statement-breakpoint
CREATE TABLE "listing_viewers" (
	"car_id" uuid NOT NULL,
	"day" date NOT NULL,
	"visitor" text NOT NULL,
	CONSTRAINT "listing_viewers_car_id_day_visitor_pk" PRIMARY KEY("car_id","day","visitor")
);
--> statement-breakpoint
ALTER TABLE "listing_days" ADD CONSTRAINT "listing_days_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_viewers" ADD CONSTRAINT "listing_viewers_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_days_day_idx" ON "listing_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "listing_viewers_day_idx" ON "listing_viewers" USING btree ("day");