CREATE TABLE "hall_seats" (
	"id" serial PRIMARY KEY NOT NULL,
	"hall_sector_id" integer NOT NULL,
	"row" text NOT NULL,
	"number" integer NOT NULL,
	"row_index" integer NOT NULL,
	"seat_index" integer NOT NULL,
	"block" integer DEFAULT 0 NOT NULL,
	"x" real NOT NULL,
	"y" real NOT NULL,
	"kind" text DEFAULT 'SEAT' NOT NULL,
	"companion_of" integer,
	"restricted_view" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hall_sectors" (
	"id" serial PRIMARY KEY NOT NULL,
	"hall_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"outline" jsonb NOT NULL,
	"label_x" real NOT NULL,
	"label_y" real NOT NULL,
	"view_image" text,
	"view_description" jsonb,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "halls" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"stage" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "halls_venue_id_unique" UNIQUE("venue_id")
);
--> statement-breakpoint
ALTER TABLE "positions" ADD COLUMN "hall_seat_id" integer;--> statement-breakpoint
ALTER TABLE "sectors" ADD COLUMN "hall_sector_id" integer;--> statement-breakpoint
ALTER TABLE "hall_seats" ADD CONSTRAINT "hall_seats_hall_sector_id_hall_sectors_id_fk" FOREIGN KEY ("hall_sector_id") REFERENCES "public"."hall_sectors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hall_sectors" ADD CONSTRAINT "hall_sectors_hall_id_halls_id_fk" FOREIGN KEY ("hall_id") REFERENCES "public"."halls"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hall_seats_sector_idx" ON "hall_seats" USING btree ("hall_sector_id","row_index","seat_index");--> statement-breakpoint
CREATE UNIQUE INDEX "hall_seats_label_unique" ON "hall_seats" USING btree ("hall_sector_id","row","number");--> statement-breakpoint
CREATE UNIQUE INDEX "hall_sectors_code_unique" ON "hall_sectors" USING btree ("hall_id","code");--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_hall_seat_id_hall_seats_id_fk" FOREIGN KEY ("hall_seat_id") REFERENCES "public"."hall_seats"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sectors" ADD CONSTRAINT "sectors_hall_sector_id_hall_sectors_id_fk" FOREIGN KEY ("hall_sector_id") REFERENCES "public"."hall_sectors"("id") ON DELETE no action ON UPDATE no action;