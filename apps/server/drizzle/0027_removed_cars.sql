-- The ids of the cars deleted, so that their pages answer 410 Gone rather than 404 (issue 47, ADR 47).
CREATE TABLE "removed_cars" (
	"car_id" uuid PRIMARY KEY NOT NULL,
	"removed_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
