ALTER TABLE "results" ADD COLUMN "by_guest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Rows made before this column: a guest made every row that has no account yet.
UPDATE "results" SET "by_guest" = true WHERE "user_id" IS NULL;
