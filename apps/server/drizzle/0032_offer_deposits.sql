CREATE TABLE "waitlist" (
	"car_id" uuid NOT NULL,
	"buyer_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_car_id_buyer_id_pk" PRIMARY KEY("car_id","buyer_id")
);
--> statement-breakpoint
ALTER TABLE "offer_moves" DROP CONSTRAINT "offer_moves_kind_check";--> statement-breakpoint
ALTER TABLE "offers" DROP CONSTRAINT "offers_status_check";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "booking_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "reserved_until" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "purchase_confirmed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "offer_id" uuid;--> statement-breakpoint
ALTER TABLE "waitlist" ADD CONSTRAINT "waitlist_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist" ADD CONSTRAINT "waitlist_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waitlist_buyer_idx" ON "waitlist" USING btree ("buyer_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_offer_id_unique" UNIQUE("offer_id");--> statement-breakpoint
ALTER TABLE "offer_moves" ADD CONSTRAINT "offer_moves_kind_check" CHECK ("offer_moves"."kind" in ('offered', 'countered', 'deposit-paid', 'confirmed', 'accepted', 'declined', 'withdrawn', 'expired', 'closed', 'released', 'sold', 'lapsed'));--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_status_check" CHECK ("offers"."status" in ('open', 'accepted', 'declined', 'withdrawn', 'expired', 'closed', 'released', 'sold', 'lapsed'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_paid_for_check" CHECK (("payments"."booking_id" is null) <> ("payments"."offer_id" is null));