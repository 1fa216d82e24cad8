// Campo Abierto Costanera Sur: an open-air concert ground for big shows. Eight numbered stands
// (Tribuna 1…8, left to right as seen from them) in a horseshoe around the stage, each split
// by a centre aisle into two blocks, with radial aisles between stands; a numbered Platea
// Campo of about a thousand seats right in front of the stage, and the standing Campo
// around it, up to the stands. Each stand's row A, at the centre aisle,
// has two wheelchair platforms with their companion seats; the stands' first rows beside the
// stage see it from the side (restricted view).
import type { PlanPoint } from "../../db/schema-halls.ts";
import {
  addWheelchairPlacesAtAisle,
  arcRow,
  blocksBetween,
  degrees,
  generalSector,
  type HallPlan,
  markSideViews,
  numberedSector,
  type SectorPlan,
  type SectorView,
  stageAt,
} from "./plan.ts";

const WIDTH = 1600;
const HEIGHT = 1060;
const FOCUS: PlanPoint = [WIDTH / 2, 250];
export const OPEN_AIR_STANDS = 8;
const FIRST_RADIUS = 450;
const ROWS = 40;
const ROW_DEPTH = 8;
const PITCH = 5;
const SPAN = degrees(105);
const STAND_AISLE = 15;
const CENTRE_AISLE = 10;
/** The Platea Campo: flat rows on the field in front of the stage, within ±PLATEA_ANGLE. */
const PLATEA_FIRST_RADIUS = 70;
const PLATEA_ROWS = 24;
const PLATEA_ANGLE = degrees(40);
const PLATEA_OUTER = PLATEA_FIRST_RADIUS + (PLATEA_ROWS - 1) * ROW_DEPTH + 12;
const CAMPO_INNER = 20;
const CAMPO_OUTER = FIRST_RADIUS - 25;
const CAMPO_ANGLE = degrees(80);
/** Each row of a stand is 40 cm above the one in front; the views are taken from the middle. */
const ROW_RISE = 4;
const VIEW_EYE = 12 + (ROWS / 2) * ROW_RISE;

const views: Record<number, SectorView> = {
  1: {
    eyeHeight: VIEW_EYE,
    description: {
      es: "Desde la Tribuna 1, en la punta izquierda de la herradura, a media altura: el escenario se ve de costado y a lo lejos, con su pantalla y su torre de luces de este lado; abajo, el campo de pie, y a la derecha todas las demás tribunas.",
      en: "From Stand 1, at the left-hand end of the horseshoe, halfway up: the stage is seen from the side and far off, with its screen and lighting tower on this side; below, the standing field, and to the right every other stand.",
      pt: "Da Arquibancada 1, na ponta esquerda da ferradura, a meia altura: o palco é visto de lado e de longe, com seu telão e sua torre de luz deste lado; embaixo, o campo em pé, e à direita todas as outras arquibancadas.",
    },
  },
  4: {
    eyeHeight: VIEW_EYE,
    description: {
      es: "Desde la Tribuna 4, frente al escenario, a media altura: se ve la escena completa de frente, por encima del campo de pie, con las torres de luces y las pantallas a los costados; detrás, los árboles de la reserva, y a ambos lados las tribunas en herradura.",
      en: "From Stand 4, facing the stage, halfway up: the whole stage is seen head-on, over the standing field, with the lighting towers and the screens on both sides; behind it, the reserve's trees, and on either side the horseshoe of stands.",
      pt: "Da Arquibancada 4, de frente para o palco, a meia altura: vê-se a cena inteira de frente, por cima do campo em pé, com as torres de luz e os telões dos lados; atrás, as árvores da reserva, e dos dois lados as arquibancadas em ferradura.",
    },
  },
};

function stand(index: number): SectorPlan {
  const width = (2 * SPAN) / OPEN_AIR_STANDS;
  const from = -SPAN + index * width;
  const to = from + width;
  const rows = Array.from({ length: ROWS }, (_, k) => {
    const radius = FIRST_RADIUS + k * ROW_DEPTH;
    const half = STAND_AISLE / 2 / radius;
    return arcRow(
      FOCUS,
      radius,
      blocksBetween(radius, from + half, to - half, [(from + to) / 2], CENTRE_AISLE),
      PITCH,
    );
  });
  const number = index + 1;
  const view = views[number];
  const middle = FIRST_RADIUS + (ROWS / 2) * ROW_DEPTH;
  const sector = numberedSector(
    {
      code: `tribuna-${number}`,
      name: `Tribuna ${number}`,
      floorHeight: 5,
      rowRise: ROW_RISE,
      view360: view
        ? {
            ...view,
            viewpoint: [
              FOCUS[0] + middle * Math.sin((from + to) / 2),
              FOCUS[1] + middle * Math.cos((from + to) / 2),
            ],
          }
        : null,
    },
    rows,
    FOCUS,
  );
  addWheelchairPlacesAtAisle(sector.seats, 0, 0);
  markSideViews(sector.seats, FOCUS, 6, degrees(96));
  return sector;
}

function plateaCampo(): SectorPlan {
  const rows = Array.from({ length: PLATEA_ROWS }, (_, k) => {
    const radius = PLATEA_FIRST_RADIUS + k * ROW_DEPTH;
    return arcRow(
      FOCUS,
      radius,
      blocksBetween(radius, -PLATEA_ANGLE, PLATEA_ANGLE, [0], CENTRE_AISLE),
      PITCH,
    );
  });
  const sector = numberedSector(
    { code: "platea-campo", name: "Platea Campo", floorHeight: 0, rowRise: 0, view360: null },
    rows,
    FOCUS,
  );
  addWheelchairPlacesAtAisle(sector.seats, 0, 0);
  return sector;
}

/** The standing field: the band between the stage and the stands, around the Platea Campo. */
function campoOutline(): PlanPoint[] {
  const at = (radius: number, angle: number): PlanPoint => [
    Math.round((FOCUS[0] + radius * Math.sin(angle)) * 10) / 10,
    Math.round((FOCUS[1] + radius * Math.cos(angle)) * 10) / 10,
  ];
  const arc = (radius: number, from: number, to: number, steps: number) =>
    Array.from({ length: steps + 1 }, (_, i) => at(radius, from + ((to - from) * i) / steps));
  return [
    ...arc(CAMPO_OUTER, -CAMPO_ANGLE, CAMPO_ANGLE, 24),
    ...arc(CAMPO_INNER, CAMPO_ANGLE, PLATEA_ANGLE, 4),
    ...arc(PLATEA_OUTER, PLATEA_ANGLE, -PLATEA_ANGLE, 12),
    ...arc(CAMPO_INNER, -PLATEA_ANGLE, -CAMPO_ANGLE, 4),
  ];
}

export function openAirGround(): HallPlan {
  return {
    width: WIDTH,
    height: HEIGHT,
    outdoor: true,
    stage: stageAt(FOCUS, 220, 150),
    sectors: [
      generalSector(
        {
          code: "campo",
          name: "Campo",
          outline: campoOutline(),
          floorHeight: 0,
          view360: null,
        },
        [FOCUS[0], FOCUS[1] + (PLATEA_OUTER + CAMPO_OUTER) / 2],
      ),
      plateaCampo(),
      ...Array.from({ length: OPEN_AIR_STANDS }, (_, i) => stand(i)),
    ],
  };
}
