CREATE TABLE "market_values" (
	"car_id" uuid PRIMARY KEY NOT NULL,
	"estimate" integer,
	"low" integer,
	"high" integer,
	"rating" text NOT NULL,
	"comparables" integer NOT NULL,
	"family" text NOT NULL,
	"area" text NOT NULL,
	"fitted_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "market_values_rating_check" CHECK ("market_values"."rating" in ('great', 'good', 'fair', 'high', 'overpriced', 'none')),
	CONSTRAINT "market_values_family_check" CHECK ("market_values"."family" in ('model', 'make')),
	CONSTRAINT "market_values_area_check" CHECK ("market_values"."area" in ('region', 'nation')),
	CONSTRAINT "market_values_estimate_check" CHECK (("market_values"."rating" = 'none' and "market_values"."estimate" is null and "market_values"."low" is null and "market_values"."high" is null)
        or ("market_values"."rating" <> 'none' and 0 < "market_values"."low" and "market_values"."low" <= "market_values"."estimate" and "market_values"."estimate" <= "market_values"."high"))
);
--> statement-breakpoint
ALTER TABLE "market_values" ADD CONSTRAINT "market_values_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;