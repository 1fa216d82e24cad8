// Campo Abierto Costanera Sur: an open-air concert ground for big shows. Eight numbered stands
// (Tribuna 1…8, left to right as seen from them) in a horseshoe around the stage, each split
// by a centre aisle into two blocks, with radial aisles between stands; the standing Campo
// fills the ground between the stage and the stands. Each stand's row A, at the centre aisle,
// has two wheelchair platforms with their companion seats; the stands' first rows beside the
// stage see it from the side (restricted view).
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
          outline: arcBand(FOCUS, 20, FIRST_RADIUS - 25, degrees(-80), degrees(80), 24),
          floorHeight: 0,
          view360: null,
        },
        [FOCUS[0], FOCUS[1] + 220],
      ),
      ...Array.from({ length: OPEN_AIR_STANDS }, (_, i) => stand(i)),
    ],
  };
}
