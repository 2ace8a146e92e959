CREATE TABLE "paper_prints" (
	"id" uuid PRIMARY KEY NOT NULL,
	"school_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"created_by" uuid,
	"format" text NOT NULL,
	"booklet_id" uuid,
	"pages" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "paper_prints" ADD CONSTRAINT "paper_prints_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_prints" ADD CONSTRAINT "paper_prints_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_prints" ADD CONSTRAINT "paper_prints_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_prints" ADD CONSTRAINT "paper_prints_booklet_id_answer_booklets_id_fk" FOREIGN KEY ("booklet_id") REFERENCES "public"."answer_booklets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "paper_prints_class_idx" ON "paper_prints" USING btree ("class_id","created_at");--> statement-breakpoint
CREATE INDEX "paper_prints_booklet_idx" ON "paper_prints" USING btree ("booklet_id") WHERE "paper_prints"."booklet_id" is not null;