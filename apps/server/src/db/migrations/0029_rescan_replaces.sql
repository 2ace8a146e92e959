ALTER TABLE "answer_reviews" ADD COLUMN "text_before" text;--> statement-breakpoint
ALTER TABLE "answer_reviews" ADD COLUMN "text_after" text;--> statement-breakpoint
ALTER TABLE "scan_pages" ADD COLUMN "page_key" text;--> statement-breakpoint
ALTER TABLE "scan_pages" ADD COLUMN "replaced_earlier" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "scan_pages_page_key_idx" ON "scan_pages" USING btree ("page_key","region") WHERE "scan_pages"."page_key" is not null;