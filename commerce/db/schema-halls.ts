// The drawn halls (issue 9): a venue's plan with its stage, the sectors' outlines and every
// numbered seat's place on it. Geometry is static and shared by every performance at the
// venue; a performance's sectors and positions point at it (sectors.hall_sector_id,
// positions.hall_seat_id), so availability stays in `positions` and the drawing can be cached
// as long as the hall's version does not change.

import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";

type LocalizedText = { es: string; en: string; pt: string };

/** A point of the plan, in the hall's drawing units (x to the right, y down). */
export type PlanPoint = [x: number, y: number];

/** The stage: a polygon, and the point best-available seats are nearest to (its front centre). */
export type StagePlan = { outline: PlanPoint[]; focus: PlanPoint; label: LocalizedText };

export const halls = pgTable("halls", {
  id: serial("id").primaryKey(),
  /** One hall per venue (the venues table stays the venue's public card). */
  venueId: integer("venue_id").notNull().unique(),
  /** Drawing size: the plan is width × height units. */
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  stage: jsonb("stage").$type<StagePlan>().notNull(),
  /** Bumped whenever the drawing changes: caches of the plan are keyed by it. */
  version: integer("version").notNull().default(1),
});

export const hallSectors = pgTable(
  "hall_sectors",
  {
    id: serial("id").primaryKey(),
    hallId: integer("hall_id")
      .notNull()
      .references(() => halls.id),
    /** Stable key within the hall ("stalls", "box-3"): performances' sectors match on it. */
    code: text("code").notNull(),
    name: text("name").notNull(),
    kind: text("kind").$type<"GENERAL" | "NUMBERED">().notNull(),
    /** The sector's shape on the plan. */
    outline: jsonb("outline").$type<PlanPoint[]>().notNull(),
    /** Where its name is written on the plan. */
    labelX: real("label_x").notNull(),
    labelY: real("label_y").notNull(),
    /** The 360° view from the sector: a generated panorama (null when none). */
    viewImage: text("view_image"),
    /** What the view shows, for people who cannot see it. */
    viewDescription: jsonb("view_description").$type<LocalizedText>(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [uniqueIndex("hall_sectors_code_unique").on(t.hallId, t.code)],
);

export const hallSeats = pgTable(
  "hall_seats",
  {
    id: serial("id").primaryKey(),
    hallSectorId: integer("hall_sector_id")
      .notNull()
      .references(() => hallSectors.id),
    /** Labels printed on the seat and the ticket. */
    row: text("row").notNull(),
    number: integer("number").notNull(),
    /** Order of the row from the stage (0 nearest) and of the seat along it (left to right). */
    rowIndex: integer("row_index").notNull(),
    seatIndex: integer("seat_index").notNull(),
    /** Run of seats between aisles: seats of one block with consecutive seatIndex are side by side. */
    block: integer("block").notNull().default(0),
    x: real("x").notNull(),
    y: real("y").notNull(),
    /** SEAT, WHEELCHAIR (a place for a wheelchair) or COMPANION (the seat beside one). */
    kind: text("kind").$type<"SEAT" | "WHEELCHAIR" | "COMPANION">().notNull().default("SEAT"),
    /** A companion seat's wheelchair place. */
    companionOf: integer("companion_of"),
    restrictedView: boolean("restricted_view").notNull().default(false),
  },
  (t) => [
    index("hall_seats_sector_idx").on(t.hallSectorId, t.rowIndex, t.seatIndex),
    uniqueIndex("hall_seats_label_unique").on(t.hallSectorId, t.row, t.number),
  ],
);
