CREATE TABLE "dealer_profiles" (
	"seller_id" text PRIMARY KEY NOT NULL,
	"business_name" text NOT NULL,
	"logo_key" text,
	"street" text NOT NULL,
	"postal_code" text NOT NULL,
	"country" text NOT NULL,
	"city" text NOT NULL,
	"region" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"hours" jsonb NOT NULL,
	"phone" text NOT NULL,
	"website" text,
	"about" text DEFAULT '' NOT NULL,
	"verified_at" timestamp (3) with time zone,
	"verified_by" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dealer_profiles_verified_by_check" CHECK ("dealer_profiles"."verified_by" is null or "dealer_profiles"."verified_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "dealer_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" text NOT NULL,
	"admin_id" text,
	"action" text NOT NULL,
	"note" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dealer_verifications_action_check" CHECK ("dealer_verifications"."action" in ('verified', 'revoked', 'dropped'))
);
--> statement-breakpoint
ALTER TABLE "dealer_profiles" ADD CONSTRAINT "dealer_profiles_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_profiles" ADD CONSTRAINT "dealer_profiles_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_verifications" ADD CONSTRAINT "dealer_verifications_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_verifications" ADD CONSTRAINT "dealer_verifications_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dealer_profiles_logo_idx" ON "dealer_profiles" USING btree ("logo_key");--> statement-breakpoint
CREATE INDEX "dealer_verifications_seller_idx" ON "dealer_verifications" USING btree ("seller_id","created_at");