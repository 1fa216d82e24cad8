// Anfiteatro del Parque Centenario: a small open-air amphitheatre. Stepped rows (Gradas
// numeradas) in a half circle around the stage, split into four wedges by three radial
// aisles; in front of them, between the rows and the stage, the standing Campo. Wheelchair
// places with companions on the top row at the centre aisle (reached from the park's path);
// the ends of the first rows, beside the stage, see it side-on.
import type { PlanPoint } from "../../db/schema-halls.ts";
import {
  addWheelchairPlacesAtAisle,
  arcBand,
  arcRow,
  blocksBetween,
  degrees,
  generalSector,
  type HallPlan,
  markSideViews,
  numberedSector,
  type SectorPlan,
  stageAt,
} from "./plan.ts";

const WIDTH = 400;
const HEIGHT = 220;
const FOCUS: PlanPoint = [WIDTH / 2, 70];
const FIRST_RADIUS = 65;
const ROWS = 7;
const ROW_DEPTH = 9;
const SPAN = degrees(85);
const ROW_RISE = 4.5;

function steps(): SectorPlan {
  const rows = Array.from({ length: ROWS }, (_, k) => {
    const radius = FIRST_RADIUS + k * ROW_DEPTH;
    const aisles = [degrees(-42), 0, degrees(42)];
    return arcRow(FOCUS, radius, blocksBetween(radius, -SPAN, SPAN, aisles, 10), 5);
  });
  const sector = numberedSector(
    {
      code: "gradas",
      name: "Gradas numeradas",
      floorHeight: 0,
      rowRise: ROW_RISE,
      view360: {
        eyeHeight: 12 + 3 * ROW_RISE,
        viewpoint: [FOCUS[0], FOCUS[1] + FIRST_RADIUS + 3 * ROW_DEPTH],
        description: {
          es: "Desde la cuarta grada, en el centro: el escenario se ve de frente y un poco desde arriba, con el campo de pie adelante; alrededor, las gradas de piedra y los árboles del parque.",
          en: "From the fourth step, in the middle: the stage is seen head-on and slightly from above, with the standing field in front; all around, the stone steps and the park's trees.",
          pt: "Do quarto degrau, no centro: o palco é visto de frente e um pouco de cima, com o campo em pé à frente; em volta, os degraus de pedra e as árvores do parque.",
        },
      },
    },
    rows,
    FOCUS,
  );
  addWheelchairPlacesAtAisle(sector.seats, ROWS - 1, 1);
  markSideViews(sector.seats, FOCUS, 2, degrees(78));
  return sector;
}

export function amphitheatre(): HallPlan {
  return {
    width: WIDTH,
    height: HEIGHT,
    outdoor: true,
    stage: stageAt(FOCUS, 180, 12),
    sectors: [
      steps(),
      generalSector(
        {
          code: "campo",
          name: "Campo",
          outline: arcBand(FOCUS, 0, FIRST_RADIUS - 8, degrees(-80), degrees(80)),
          floorHeight: -5,
          view360: null,
        },
        [FOCUS[0], FOCUS[1] + 30],
      ),
    ],
  };
}
