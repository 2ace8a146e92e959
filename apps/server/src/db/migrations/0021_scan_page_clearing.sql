ALTER TABLE "scan_pages" ADD COLUMN "read_name" text;--> statement-breakpoint
ALTER TABLE "scan_pages" ADD COLUMN "class_id" uuid;--> statement-breakpoint
ALTER TABLE "scan_pages" ADD CONSTRAINT "scan_pages_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE set null ON UPDATE no action;