CREATE TABLE "storage_tombstones" (
	"key" text PRIMARY KEY NOT NULL,
	"delete_after" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "storage_tombstones_delete_after_idx" ON "storage_tombstones" USING btree ("delete_after");--> statement-breakpoint
CREATE INDEX "storage_blobs_uploaded_by_idx" ON "storage_blobs" USING btree ("uploaded_by_id");