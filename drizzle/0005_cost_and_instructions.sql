ALTER TABLE "users" ADD COLUMN "default_instructions" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "model_id" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "input_tokens" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "output_tokens" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "cached_input_tokens" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "cost_usd" double precision;