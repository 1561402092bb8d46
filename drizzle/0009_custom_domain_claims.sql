DROP INDEX "custom_domains_domain_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "custom_domains_verified_domain_idx" ON "custom_domains" USING btree ("domain") WHERE "custom_domains"."is_verified";--> statement-breakpoint
CREATE INDEX "custom_domains_domain_idx" ON "custom_domains" USING btree ("domain");