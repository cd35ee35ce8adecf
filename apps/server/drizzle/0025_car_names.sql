CREATE TABLE "car_name_mappings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "car_name_mappings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand" text NOT NULL,
	"model" text NOT NULL,
	"shown_brand" text NOT NULL,
	"shown_model" text NOT NULL,
	"make_id" integer,
	"model_id" integer,
	"make_match" text,
	"model_match" text,
	"cars" integer NOT NULL,
	"mapped_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"review" text,
	CONSTRAINT "car_name_mappings_make_match_check" CHECK ("car_name_mappings"."make_match" in ('exact', 'folded', 'alias', 'typo')),
	CONSTRAINT "car_name_mappings_model_match_check" CHECK ("car_name_mappings"."model_match" in ('exact', 'folded', 'alias', 'typo')),
	CONSTRAINT "car_name_mappings_review_check" CHECK ("car_name_mappings"."review" in ('confirmed', 'undone'))
);
--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "posted_brand" text;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "posted_model" text;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "catalogue_mapped" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "car_name_mappings" ADD CONSTRAINT "car_name_mappings_make_id_vehicle_makes_id_fk" FOREIGN KEY ("make_id") REFERENCES "public"."vehicle_makes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_name_mappings" ADD CONSTRAINT "car_name_mappings_model_id_vehicle_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."vehicle_models"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cars_other_names_idx" ON "cars" USING btree ("make_id","brand","model") WHERE "cars"."model_id" is null;--> statement-breakpoint
CREATE INDEX "cars_unmapped_idx" ON "cars" USING btree ("brand","model") WHERE not "cars"."catalogue_mapped";