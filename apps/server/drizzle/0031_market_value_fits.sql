CREATE TABLE "market_value_fits" (
	"level" text NOT NULL,
	"key" text NOT NULL,
	"coefficients" double precision[] NOT NULL,
	"trims" text[] NOT NULL,
	"scale" double precision NOT NULL,
	"cars" integer NOT NULL,
	"in_region" jsonb NOT NULL,
	"fitted_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "market_value_fits_level_key_pk" PRIMARY KEY("level","key"),
	CONSTRAINT "market_value_fits_level_check" CHECK ("market_value_fits"."level" in ('make', 'family'))
);
