CREATE TABLE "licence_machines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"licence_id" uuid NOT NULL,
	"hwid" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "licence_machines_licence_hwid_unique" UNIQUE("licence_id","hwid")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"percent_off" integer,
	"amount_off_cents" integer,
	"product_id" text,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_discount_check" CHECK (("coupons"."percent_off" IS NULL) <> ("coupons"."amount_off_cents" IS NULL)),
	CONSTRAINT "coupons_percent_check" CHECK ("coupons"."percent_off" IS NULL OR "coupons"."percent_off" BETWEEN 1 AND 100),
	CONSTRAINT "coupons_amount_check" CHECK ("coupons"."amount_off_cents" IS NULL OR "coupons"."amount_off_cents" > 0),
	CONSTRAINT "coupons_uses_check" CHECK ("coupons"."max_uses" IS NULL OR "coupons"."uses" <= "coupons"."max_uses")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"product_id" text,
	"plan" text,
	"duration_days" integer,
	"amount_cents" integer NOT NULL,
	"list_price_cents" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"coupon_id" uuid,
	"coupon_code" text,
	"processor" text,
	"invoice_id" text,
	"checkout_url" text,
	"invoice_status" text,
	"licence_id" uuid,
	"delivered_days" integer,
	"attention_reason" text,
	"refund_reason" text,
	"refunded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"reconcile_after" timestamp with time zone,
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" IN ('pending','processing','paid','expired','refunded','needs_attention')),
	CONSTRAINT "orders_kind_check" CHECK ("orders"."kind" IN ('licence','top_up')),
	CONSTRAINT "orders_amount_check" CHECK ("orders"."amount_cents" >= 0 AND "orders"."list_price_cents" >= 0),
	CONSTRAINT "orders_licence_fields_check" CHECK ("orders"."kind" <> 'licence' OR ("orders"."product_id" IS NOT NULL AND "orders"."plan" IS NOT NULL AND "orders"."duration_days" > 0))
);
--> statement-breakpoint
CREATE TABLE "payment_webhook_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"processor" text NOT NULL,
	"delivery_id" text NOT NULL,
	"original_delivery_id" text,
	"type" text NOT NULL,
	"invoice_id" text,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "max_machines" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "variables" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "licences" ADD COLUMN "max_machines" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "licences" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "licences" ADD COLUMN "revoke_reason" text;--> statement-breakpoint
ALTER TABLE "licences" ADD COLUMN "revoked_by" uuid;--> statement-breakpoint
ALTER TABLE "licence_machines" ADD CONSTRAINT "licence_machines_licence_id_licences_id_fk" FOREIGN KEY ("licence_id") REFERENCES "public"."licences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_licence_id_licences_id_fk" FOREIGN KEY ("licence_id") REFERENCES "public"."licences"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_by_users_id_fk" FOREIGN KEY ("refunded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_lower_unique" ON "coupons" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "orders_invoice_unique" ON "orders" USING btree ("processor","invoice_id");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "orders_reconcile_idx" ON "orders" USING btree ("reconcile_after") WHERE "orders"."reconcile_after" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "payment_webhook_deliveries_invoice_idx" ON "payment_webhook_deliveries" USING btree ("invoice_id");--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_machines_check" CHECK ("plans"."max_machines" BETWEEN 1 AND 100);--> statement-breakpoint
INSERT INTO "licence_machines" ("licence_id", "hwid", "first_seen_at", "last_seen_at")
SELECT "id", "hwid", coalesce("hwid_bound_at", now()), coalesce("last_check_at", "hwid_bound_at", now())
FROM "licences" WHERE "hwid" IS NOT NULL;
