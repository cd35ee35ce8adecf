CREATE TABLE "dealer_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dealer_id" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dealer_invitations_role_check" CHECK ("dealer_invitations"."role" in ('manager', 'salesperson'))
);
--> statement-breakpoint
CREATE TABLE "dealer_members" (
	"member_id" text PRIMARY KEY NOT NULL,
	"dealer_id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dealer_members_role_check" CHECK ("dealer_members"."role" in ('manager', 'salesperson')),
	CONSTRAINT "dealer_members_not_self_check" CHECK ("dealer_members"."member_id" <> "dealer_members"."dealer_id")
);
--> statement-breakpoint
ALTER TABLE "dealer_invitations" ADD CONSTRAINT "dealer_invitations_dealer_id_dealer_profiles_seller_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealer_profiles"("seller_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_invitations" ADD CONSTRAINT "dealer_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_members" ADD CONSTRAINT "dealer_members_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_members" ADD CONSTRAINT "dealer_members_dealer_id_dealer_profiles_seller_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealer_profiles"("seller_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dealer_invitations_token_idx" ON "dealer_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "dealer_invitations_email_idx" ON "dealer_invitations" USING btree ("dealer_id","email");--> statement-breakpoint
CREATE INDEX "dealer_members_dealer_idx" ON "dealer_members" USING btree ("dealer_id");