ALTER TABLE "contact_messages" ADD COLUMN "handled_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "handled_by" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_open_idx" ON "contact_messages" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "contact_messages"."handled_at" is null;