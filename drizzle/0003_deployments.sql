ALTER TABLE "chats" ADD COLUMN "deployed_site" text;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "deployed_at" timestamp with time zone;