CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"type" text NOT NULL,
	"user_id" uuid,
	"reseller_id" uuid,
	"subject_type" text,
	"subject_id" text,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
CREATE INDEX "events_type_idx" ON "events" USING btree ("type","seq");--> statement-breakpoint
CREATE INDEX "events_reseller_idx" ON "events" USING btree ("reseller_id","seq");