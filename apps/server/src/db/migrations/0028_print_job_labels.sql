ALTER TABLE "print_jobs" ADD COLUMN "labels" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD COLUMN "labels_printed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "print_jobs" SET "labels_printed" = "labels" WHERE "state" = 'printed';
