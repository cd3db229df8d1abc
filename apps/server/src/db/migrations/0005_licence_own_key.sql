ALTER TABLE "licences" ADD COLUMN "licence_key" text DEFAULT regexp_replace(upper(substr(md5(gen_random_uuid()::text), 1, 20)), '(.{5})(.{5})(.{5})(.{5})', 'STLL-\1-\2-\3-\4') NOT NULL;--> statement-breakpoint
-- Licences older than their own key keep their first redeemed voucher code, so every working tool keeps working.
UPDATE "licences" l SET "licence_key" = k."code"
FROM (
  SELECT DISTINCT ON ("licence_id") "licence_id", "code"
  FROM "licence_keys" WHERE "licence_id" IS NOT NULL
  ORDER BY "licence_id", "redeemed_at" ASC, "code" ASC
) k
WHERE k."licence_id" = l."id";--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_licence_key_unique" UNIQUE("licence_key");