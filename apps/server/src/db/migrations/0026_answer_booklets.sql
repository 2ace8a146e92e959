CREATE TABLE "answer_booklets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"school_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"teacher_id" uuid NOT NULL,
	"layout" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "scan_pages_batch_page_idx";--> statement-breakpoint
ALTER TABLE "scan_pages" ADD COLUMN "region" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "scan_pages" ADD COLUMN "continuation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "answer_booklets" ADD CONSTRAINT "answer_booklets_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_booklets" ADD CONSTRAINT "answer_booklets_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_booklets" ADD CONSTRAINT "answer_booklets_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "answer_booklets_class_idx" ON "answer_booklets" USING btree ("class_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "scan_pages_batch_page_idx" ON "scan_pages" USING btree ("batch_id","page_number","region");