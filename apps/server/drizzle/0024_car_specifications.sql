ALTER TABLE "cars" DROP CONSTRAINT "cars_year_check";--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "make_id" integer;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "model_id" integer;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "trim" text;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "vin" text;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "body_style" text;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "transmission" text;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "drivetrain" text;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "exterior_colour" text;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "exterior_colour_name" text;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "interior_colour" text;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "interior_colour_name" text;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "doors" integer;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "seats" integer;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "previous_owners" integer;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "title_status" text;--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_make_id_vehicle_makes_id_fk" FOREIGN KEY ("make_id") REFERENCES "public"."vehicle_makes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_model_id_vehicle_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."vehicle_models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cars_make_idx" ON "cars" USING btree ("make_id","model_id");--> statement-breakpoint
CREATE INDEX "cars_model_idx" ON "cars" USING btree ("model_id");--> statement-breakpoint
CREATE INDEX "cars_vin_idx" ON "cars" USING btree ("vin");--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_model_of_make_check" CHECK ("cars"."model_id" is null or "cars"."make_id" is not null);--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_body_style_check" CHECK ("cars"."body_style" in ('Sedan', 'Coupe', 'Convertible', 'Hatchback', 'Wagon', 'SUV', 'Pickup', 'Van', 'Roadster'));--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_transmission_check" CHECK ("cars"."transmission" in ('Manual', 'Automatic', 'Dual-clutch', 'CVT'));--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_drivetrain_check" CHECK ("cars"."drivetrain" in ('FWD', 'RWD', 'AWD', '4WD'));--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_exterior_colour_check" CHECK ("cars"."exterior_colour" in ('Black', 'White', 'Silver', 'Grey', 'Red', 'Blue', 'Green', 'Yellow', 'Orange', 'Brown', 'Beige', 'Gold', 'Purple'));--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_interior_colour_check" CHECK ("cars"."interior_colour" in ('Black', 'White', 'Silver', 'Grey', 'Red', 'Blue', 'Green', 'Yellow', 'Orange', 'Brown', 'Beige', 'Gold', 'Purple'));--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_title_status_check" CHECK ("cars"."title_status" in ('Clean', 'Salvage', 'Rebuilt', 'Lemon'));--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_specification_numbers_check" CHECK ("cars"."doors" between 1 and 6 and "cars"."seats" between 1 and 9
          and "cars"."previous_owners" between 0 and 50);--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_year_check" CHECK ("cars"."year" between 1900 and 2100);