// The catalog the API tests start from: two show types, one venue, one show with a past
// performance, the main performance 3 days ahead (a GENERAL sector and a NUMBERED one) and a
// later one; plus a second show with nothing on sale. The venue has a drawn hall (issue 9).
import type { Database } from "../db/client.ts";
import * as schema from "../db/schema.ts";
import type { TestClock } from "./harness.ts";

export type Fixture = Awaited<ReturnType<typeof buildFixture>>;

/**
 * A small catalog: two show types, one venue, one show with a past performance, the main
 * performance 3 days ahead (a GENERAL sector and a NUMBERED one) and a later one; plus a
 * second show with nothing on sale.
 */
export async function buildFixture(
  db: Database,
  clock: TestClock,
  options: { generalPlaces?: number; seatsPerRow?: number } = {},
) {
  const generalPlaces = options.generalPlaces ?? 20;
  const seatsPerRow = options.seatsPerRow ?? 4;
  const day = 24 * 60 * 60_000;
  const at = (days: number) => new Date(clock.now().getTime() + days * day);

  await db.insert(schema.showTypes).values([
    { id: 1, name: { es: "Teatro", en: "Theatre", pt: "Teatro (pt)" }, sortOrder: 2 },
    { id: 2, name: { es: "Música", en: "Music", pt: "Música (pt)" }, sortOrder: 1 },
  ]);
  const [venue] = await db
    .insert(schema.venues)
    .values({
      seo: "teatro-de-prueba",
      name: "Teatro de Prueba",
      address: "Av. Corrientes 1530",
      city: "Buenos Aires",
      zone: "Centro",
      latitude: "-34.6037",
      longitude: "-58.3816",
      description: { es: "Una sala", en: "A hall", pt: "Uma sala" },
    })
    .returning();
  const [show, quietShow] = await db
    .insert(schema.shows)
    .values([
      {
        seo: "obra-de-prueba",
        typeId: 1,
        venueId: venue.id,
        title: "Obra de Prueba",
        summary: { es: "Resumen", en: "Summary", pt: "Resumo" },
        description: { es: "Descripción", en: "Description", pt: "Descrição" },
        imagePath: "/v2/Imagenes/obra-de-prueba.svg",
        highlightRank: 1,
        durationMinutes: 90,
      },
      {
        seo: "concierto-sin-funciones",
        typeId: 2,
        venueId: venue.id,
        title: "Concierto sin funciones",
        summary: { es: "Nada a la venta", en: "Nothing on sale", pt: "Nada à venda" },
        description: { es: "-", en: "-", pt: "-" },
        imagePath: "/v2/Imagenes/concierto-sin-funciones.svg",
      },
    ])
    .returning();
  const [past, main, later] = await db
    .insert(schema.performances)
    .values([
      { showId: show.id, startsAt: at(-1) },
      { showId: show.id, startsAt: at(3) },
      { showId: show.id, startsAt: at(10) },
    ])
    .returning();

  // The venue's drawn hall: a stage on top, the standing field, then two straight rows.
  const [hall] = await db
    .insert(schema.halls)
    .values({
      venueId: venue.id,
      width: 400,
      height: 300,
      stage: {
        outline: [
          [100, 10],
          [300, 10],
          [300, 50],
          [100, 50],
        ],
        focus: [200, 50],
        label: { es: "Escenario", en: "Stage", pt: "Palco" },
      },
    })
    .returning();
  const [hallField, hallStalls] = await db
    .insert(schema.hallSectors)
    .values([
      {
        hallId: hall.id,
        code: "field",
        name: "Campo",
        kind: "GENERAL",
        outline: [
          [50, 60],
          [350, 60],
          [350, 120],
          [50, 120],
        ],
        labelX: 200,
        labelY: 90,
        sortOrder: 1,
      },
      {
        hallId: hall.id,
        code: "stalls",
        name: "Platea",
        kind: "NUMBERED",
        outline: [
          [50, 130],
          [350, 130],
          [350, 290],
          [50, 290],
        ],
        labelX: 200,
        labelY: 280,
        sortOrder: 2,
      },
    ])
    .returning();
  const hallSeatRows = await db
    .insert(schema.hallSeats)
    .values(
      ["A", "B"].flatMap((row, rowIndex) =>
        Array.from({ length: seatsPerRow }, (_, i) => ({
          hallSectorId: hallStalls.id,
          row,
          number: i + 1,
          rowIndex,
          seatIndex: i,
          x: 200 + (i - (seatsPerRow - 1) / 2) * 30,
          y: 150 + rowIndex * 30,
        })),
      ),
    )
    .returning({ id: schema.hallSeats.id });

  const [general, numbered, laterGeneral] = await db
    .insert(schema.sectors)
    .values([
      {
        performanceId: main.id,
        name: "Campo",
        kind: "GENERAL",
        price: 5_000,
        sortOrder: 1,
        hallSectorId: hallField.id,
      },
      {
        performanceId: main.id,
        name: "Platea",
        kind: "NUMBERED",
        price: 8_000,
        sortOrder: 2,
        hallSectorId: hallStalls.id,
      },
      { performanceId: later.id, name: "Campo", kind: "GENERAL", price: 4_000, sortOrder: 1 },
    ])
    .returning();
  await db.insert(schema.sectors).values({
    performanceId: past.id,
    name: "Campo",
    kind: "GENERAL",
    price: 3_000,
  });

  const generalRows = Array.from({ length: generalPlaces }, () => ({
    sectorId: general.id,
    performanceId: main.id,
  }));
  const seatRows = ["A", "B"].flatMap((row, rowIndex) =>
    Array.from({ length: seatsPerRow }, (_, i) => ({
      sectorId: numbered.id,
      performanceId: main.id,
      row,
      number: i + 1,
      hallSeatId: hallSeatRows[rowIndex * seatsPerRow + i].id,
    })),
  );
  const laterRows = Array.from({ length: 5 }, () => ({
    sectorId: laterGeneral.id,
    performanceId: later.id,
  }));
  const inserted = await db
    .insert(schema.positions)
    .values([...generalRows, ...seatRows, ...laterRows])
    .returning({ id: schema.positions.id, sectorId: schema.positions.sectorId });
  const seatIds = inserted.filter((p) => p.sectorId === numbered.id).map((p) => p.id);

  return {
    venue,
    hall: { hall, field: hallField, stalls: hallStalls, seatIds: hallSeatRows.map((s) => s.id) },
    show,
    quietShow,
    performances: { past, main, later },
    sectors: { general, numbered, laterGeneral },
    seatIds,
    generalPlaces,
    prices: { general: general.price, numbered: numbered.price, later: laterGeneral.price },
  };
}
