ALTER TABLE "users" ADD COLUMN "postal_code" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "postal_code" text;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "region" text;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "delivery_radius_km" double precision;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_location_check" CHECK (("users"."postal_code" is null) = ("users"."country" is null));--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_location_check" CHECK (("cars"."postal_code" is null and "cars"."country" is null and "cars"."city" is null and "cars"."region" is null
            and "cars"."latitude" is null and "cars"."longitude" is null)
          or ("cars"."postal_code" is not null and "cars"."country" is not null and "cars"."city" is not null
            and "cars"."region" is not null and "cars"."latitude" between -90 and 90 and "cars"."longitude" between -180 and 180));--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_country_check" CHECK ("cars"."country" in ('US'));--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_delivery_check" CHECK ("cars"."delivery_radius_km" > 0);