ALTER TABLE "results" ADD COLUMN "batch_id" text;--> statement-breakpoint
ALTER TABLE "results" ADD COLUMN "folder" text;--> statement-breakpoint
ALTER TABLE "results" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "results_batch_idx" ON "results" USING btree ("batch_id","created_at");