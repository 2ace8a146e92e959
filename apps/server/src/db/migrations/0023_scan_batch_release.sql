ALTER TABLE "scan_batches" ADD COLUMN "hold_marks" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "scan_batches" ADD COLUMN "released_at" timestamp with time zone;