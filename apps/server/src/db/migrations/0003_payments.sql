CREATE TABLE "payment_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid,
	"customer_id" text,
	"subscription_id" text,
	"invoice_id" text NOT NULL,
	"description" text NOT NULL,
	"plan" text,
	"billing_option" text,
	"amount_pence" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"school_id" uuid,
	"user_id" uuid,
	"email" text NOT NULL,
	"plan" text NOT NULL,
	"billing_option" text NOT NULL,
	"promo_code" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "local_payment_objects" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_records_invoice_unique" ON "payment_records" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "payment_records_school_occurred_idx" ON "payment_records" USING btree ("school_id","occurred_at");--> statement-breakpoint
CREATE INDEX "payment_records_customer_idx" ON "payment_records" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "payment_records_occurred_idx" ON "payment_records" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "checkout_sessions_school_idx" ON "checkout_sessions" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "checkout_sessions_user_idx" ON "checkout_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "checkout_sessions_created_idx" ON "checkout_sessions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "local_payment_objects_kind_idx" ON "local_payment_objects" USING btree ("kind");
