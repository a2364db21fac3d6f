ALTER TABLE "results" ADD COLUMN "kind" text DEFAULT 'image' NOT NULL;--> statement-breakpoint
ALTER TABLE "results" ADD COLUMN "report" jsonb;