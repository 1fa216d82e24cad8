// Teatro Municipal Corrientes: an Italian-style theatre. Curved stalls (Platea) split by a
// centre aisle; a horseshoe of boxes (Palcos) along both side walls and the back of the
// stalls, each box a block and a row of its own (P1…P18 around the horseshoe from the stage
// on the left); the first balcony (Pullman), curved, drawn behind; the second balcony
// (Tertulia), standing room. Wheelchair places with companions in the stalls' last row at
// the aisle; restricted views at the back of the side boxes and the balcony ends (pillars).
import type { PlanPoint } from "../../db/schema-halls.ts";
import {
  addWheelchairPlacesAtAisle,
  arcBand,
  arcRow,
  blocksBetween,
  degrees,
  generalSector,
  type HallPlan,
  numberedSector,
  type PlacedSeat,
  type SectorPlan,
  stageAt,
} from "./plan.ts";

const WIDTH = 360;
const HEIGHT = 420;
const CENTRE_X = WIDTH / 2;
const FOCUS: PlanPoint = [CENTRE_X, 90];
/** The rows' arcs are centred a little behind the stage front, so they curve gently. */
const ARC_CENTRE: PlanPoint = [CENTRE_X, 50];
const PITCH = 5.5;
const ROW_DEPTH = 9;
const AISLE = 12;

/** Rows of an arc sector, clipped to `halfWidth` either side of the centre line. */
function arcRows(
  firstRadius: number,
  rows: number,
  maxAngle: number,
  halfWidth: number,
): PlacedSeat[][] {
  return Array.from({ length: rows }, (_, k) => {
    const radius = firstRadius + k * ROW_DEPTH;
    const limit = Math.min(maxAngle, Math.asin(Math.min(1, halfWidth / radius)));
    return arcRow(ARC_CENTRE, radius, blocksBetween(radius, -limit, limit, [0], AISLE), PITCH);
  });
}

function stalls(): SectorPlan {
  const rows = arcRows(80, 12, degrees(45), 110);
  const sector = numberedSector(
    {
      code: "platea",
      name: "Platea",
      floorHeight: 0,
      view360: {
        eyeHeight: 12,
        viewpoint: [CENTRE_X + 20, 160],
        description: {
          es: "Desde el centro de la platea, a unos siete metros del escenario: la escena se ve de frente y un poco desde abajo, enmarcada por el arco del proscenio; a los lados se elevan los palcos y, detrás y arriba, el pullman y la tertulia.",
          en: "From the middle of the stalls, about seven metres from the stage: the stage is seen head-on and slightly from below, framed by the proscenium arch; the boxes rise on both sides and, behind and above, the dress circle and the gallery.",
          pt: "Do centro da plateia, a uns sete metros do palco: a cena é vista de frente e um pouco de baixo, emoldurada pelo arco do proscênio; dos lados sobem os camarotes e, atrás e no alto, o balcão e a galeria.",
        },
      },
    },
    rows,
    FOCUS,
  );
  addWheelchairPlacesAtAisle(sector.seats, rows.length - 1, 0);
  return sector;
}

const BOX_SEATS = 4;
const BOX_SPACING = 5.5;

/** The horseshoe of boxes: six along the left wall, six at the back, six along the right. */
function boxes(): SectorPlan {
  const rows: PlacedSeat[][] = [];
  const restricted: { box: number; seat: number }[] = [];
  const sideTop = 110;
  const sideLength = (244 - sideTop) / 6;
  // Left wall, from the stage back: the spectators face right, so their left is the stage's side.
  for (let b = 0; b < 6; b++) {
    const top = sideTop + b * sideLength + (sideLength - (BOX_SEATS - 1) * BOX_SPACING) / 2;
    rows.push(
      Array.from({ length: BOX_SEATS }, (_, i) => ({ x: 34, y: top + i * BOX_SPACING, block: 0 })),
    );
    restricted.push({ box: rows.length - 1, seat: BOX_SEATS - 1 });
  }
  // Back of the stalls, facing the stage: left to right.
  const backLeft = 56;
  const backLength = (304 - backLeft) / 6;
  for (let b = 0; b < 6; b++) {
    const left = backLeft + b * backLength + (backLength - (BOX_SEATS - 1) * BOX_SPACING) / 2;
    rows.push(
      Array.from({ length: BOX_SEATS }, (_, i) => ({
        x: left + i * BOX_SPACING,
        y: 264,
        block: 0,
      })),
    );
  }
  // Right wall, from the back towards the stage: facing left, their left is the back.
  for (let b = 5; b >= 0; b--) {
    const top = sideTop + b * sideLength + (sideLength - (BOX_SEATS - 1) * BOX_SPACING) / 2;
    rows.push(
      Array.from({ length: BOX_SEATS }, (_, i) => ({
        x: WIDTH - 34,
        y: top + (BOX_SEATS - 1 - i) * BOX_SPACING,
        block: 0,
      })),
    );
    restricted.push({ box: rows.length - 1, seat: 0 });
  }
  rows.forEach((row, box) => {
    for (const seat of row) seat.block = box;
  });
  const seats = rows.flatMap((row, box) =>
    row.map((seat, seatIndex) => ({
      row: `P${box + 1}`,
      number: seatIndex + 1,
      rowIndex: box,
      seatIndex,
      block: box,
      x: seat.x,
      y: seat.y,
      kind: "SEAT" as const,
      companionOf: null,
      restrictedView: restricted.some((r) => r.box === box && r.seat === seatIndex),
    })),
  );
  // One horseshoe: the left wall's strip, the band behind the stalls, the right wall's strip.
  const outline: PlanPoint[] = [
    [20, 104],
    [48, 104],
    [48, 250],
    [WIDTH - 48, 250],
    [WIDTH - 48, 104],
    [WIDTH - 20, 104],
    [WIDTH - 20, 278],
    [20, 278],
  ];
  return {
    code: "palcos",
    name: "Palcos",
    kind: "NUMBERED",
    outline,
    label: [CENTRE_X, 272],
    floorHeight: 35,
    seats,
    view360: {
      eyeHeight: 12,
      viewpoint: [34, 160],
      description: {
        es: "Desde un palco del lado izquierdo, a media sala y a tres metros y medio de altura: el escenario se ve en diagonal, desde arriba de la platea; la butaca del fondo del palco queda tras la columna y ve sólo una parte de la escena.",
        en: "From a box on the left-hand side, halfway down the hall and three and a half metres up: the stage is seen at an angle, from above the stalls; the seat at the back of the box is behind the pillar and sees only part of the stage.",
        pt: "De um camarote do lado esquerdo, no meio da sala e a três metros e meio de altura: o palco é visto em diagonal, de cima da plateia; a poltrona do fundo do camarote fica atrás da coluna e vê só parte da cena.",
      },
    },
  };
}

function dressCircle(): SectorPlan {
  const rows = arcRows(272, 5, degrees(40), 125);
  const sector = numberedSector(
    {
      code: "pullman",
      name: "Pullman",
      floorHeight: 70,
      view360: {
        eyeHeight: 12,
        description: {
          es: "Desde el primer balcón, a siete metros de altura: se ve todo el escenario de frente y desde arriba, con la platea y los palcos abajo; en las puntas de las últimas filas las columnas tapan un costado de la escena.",
          en: "From the first balcony, seven metres up: the whole stage is seen head-on and from above, with the stalls and the boxes below; at the ends of the last rows the pillars hide one side of the stage.",
          pt: "Do primeiro balcão, a sete metros de altura: vê-se todo o palco de frente e de cima, com a plateia e os camarotes embaixo; nas pontas das últimas filas as colunas escondem um lado da cena.",
        },
      },
    },
    rows,
    FOCUS,
  );
  // The pillars holding the gallery stand at the ends of the last two rows.
  for (const seat of sector.seats) {
    if (seat.rowIndex < rows.length - 2) continue;
    const count = rows[seat.rowIndex].length;
    if (seat.seatIndex < 2 || seat.seatIndex >= count - 2) seat.restrictedView = true;
  }
  return sector;
}

function gallery(): SectorPlan {
  return generalSector({
    code: "tertulia",
    name: "Tertulia",
    outline: arcBand(ARC_CENTRE, 322, 356, degrees(-24), degrees(24)),
    floorHeight: 130,
    view360: null,
  });
}

export function italianTheatre(): HallPlan {
  return {
    width: WIDTH,
    height: HEIGHT,
    outdoor: false,
    stage: stageAt(FOCUS, WIDTH - 140, 10),
    sectors: [stalls(), boxes(), dressCircle(), gallery()],
  };
}
