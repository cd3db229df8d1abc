CREATE INDEX "users_username_pattern_idx" ON "users" USING btree (lower("username") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_active_created_idx" ON "users" USING btree ("created_at" DESC NULLS FIRST,"id") WHERE "users"."banned_at" is null;--> statement-breakpoint
CREATE INDEX "tickets_updated_idx" ON "tickets" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "tickets_escalated_idx" ON "tickets" USING btree ("status","updated_at") WHERE "tickets"."escalated";