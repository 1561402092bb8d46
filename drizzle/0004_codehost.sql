CREATE TABLE "github_device_flows" (
	"user_id" text PRIMARY KEY NOT NULL,
	"device_code_encrypted" text NOT NULL,
	"interval_seconds" integer NOT NULL,
	"next_poll_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "github_branch" text;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "github_head_sha" text;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "github_synced_version" integer;--> statement-breakpoint
ALTER TABLE "github_connections" ADD COLUMN "method" text DEFAULT 'token' NOT NULL;--> statement-breakpoint
ALTER TABLE "github_connections" ADD COLUMN "scopes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "github_connections" ADD COLUMN "problem" text;--> statement-breakpoint
ALTER TABLE "github_connections" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "github_device_flows" ADD CONSTRAINT "github_device_flows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;