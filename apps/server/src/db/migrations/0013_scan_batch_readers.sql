ALTER TABLE "scan_batches" ADD COLUMN "reader_id" text;--> statement-breakpoint
ALTER TABLE "scan_batches" ADD COLUMN "reader_seen_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "scan_batches_reader_idx" ON "scan_batches" USING btree ("reader_id");