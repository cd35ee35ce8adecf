CREATE TABLE "dealer_api_keys" (
	"seller_id" text PRIMARY KEY NOT NULL,
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp (3) with time zone,
	CONSTRAINT "dealer_api_keys_hash_key" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "inventory_import_rows" (
	"import_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"position" integer NOT NULL,
	"data" jsonb NOT NULL,
	"stock_number" text,
	"vin" text,
	"errors" jsonb NOT NULL,
	"outcome" text NOT NULL,
	"car_id" uuid,
	CONSTRAINT "inventory_import_rows_import_id_position_pk" PRIMARY KEY("import_id","position"),
	CONSTRAINT "inventory_import_rows_outcome_check" CHECK ("inventory_import_rows"."outcome" in ('create', 'update', 'unchanged', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "inventory_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dealer_id" text NOT NULL,
	"created_by" text,
	"source" text NOT NULL,
	"mode" text NOT NULL,
	"status" text NOT NULL,
	"rows_read" integer NOT NULL,
	"rows_valid" integer NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"marked_sold" integer DEFAULT 0 NOT NULL,
	"applied" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"committed_at" timestamp (3) with time zone,
	"finished_at" timestamp (3) with time zone,
	CONSTRAINT "inventory_imports_source_check" CHECK ("inventory_imports"."source" in ('upload', 'feed')),
	CONSTRAINT "inventory_imports_mode_check" CHECK ("inventory_imports"."mode" in ('partial', 'full')),
	CONSTRAINT "inventory_imports_status_check" CHECK ("inventory_imports"."status" in ('previewed', 'queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "stock_number" text;--> statement-breakpoint
ALTER TABLE "dealer_api_keys" ADD CONSTRAINT "dealer_api_keys_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_import_rows" ADD CONSTRAINT "inventory_import_rows_import_id_inventory_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."inventory_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_import_rows" ADD CONSTRAINT "inventory_import_rows_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_imports" ADD CONSTRAINT "inventory_imports_dealer_id_users_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_imports" ADD CONSTRAINT "inventory_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inventory_imports_dealer_idx" ON "inventory_imports" USING btree ("dealer_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_imports_one_commit_idx" ON "inventory_imports" USING btree ("dealer_id") WHERE "inventory_imports"."status" in ('queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "cars_stock_number_idx" ON "cars" USING btree ("seller_id","stock_number") WHERE "cars"."stock_number" is not null;