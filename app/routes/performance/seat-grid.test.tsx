// The server-rendered seat form: a fieldset per row, every seat a checkbox named with row,
// seat, price and state; taken and the buyer's own seats cannot be ticked; a refused
// choice comes back ticked.
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { seatNamer } from "~/components/seat-map/seat-names";
import type { MapSeat, SeatMapSector } from "~/components/seat-map/types";
import { TranslatorContext } from "~/lib/i18n";
import { i18nFor, translatorFor } from "~/services/i18n.server";
import type { SeatGridPages } from "./page.server";
import { SeatGrid } from "./seat-grid";

const name = seatNamer(i18nFor("en").t, 5000);

function seat(placeId: number, row: string, number: number, extra: Partial<MapSeat> = {}): MapSeat {
  const base = {
    placeId,
    row,
    number,
    rowIndex: row.charCodeAt(0) - 65,
    seatIndex: number,
    block: 0,
    x: 0,
    y: 0,
    kind: "SEAT" as const,
    restrictedView: false,
    state: "FREE" as const,
    ...extra,
  };
  return { ...base, name: name(base), ...extra };
}

function render(seats: MapSeat[], chosen: number[] = [], grid?: SeatGridPages) {
  const sector: SeatMapSector = {
    performanceId: 1,
    sectorId: 2,
    sectorName: "Platea",
    price: 5000,
    seats,
    viewBox: [0, 0, 100, 100],
    stage: { points: "", focus: [0, 0], name: "Stage" },
    outlinePoints: "",
    version: "v1",
    refreshUrl: "/x",
    chosen,
    maxChoice: 10,
  };
  return renderToStaticMarkup(
    <MemoryRouter>
      <TranslatorContext value={translatorFor("en")}>
        <SeatGrid sector={sector} grid={grid} />
      </TranslatorContext>
    </MemoryRouter>,
  );
}

/** Each seat's checkbox as the browser would read it. */
function checkboxes(html: string) {
  return [...html.matchAll(/<input ([^>]*)\/>/g)].map(([, attributes]) => ({
    value: attributes.match(/value="(\d+)"/)?.[1],
    name: attributes.match(/aria-label="([^"]*)"/)?.[1],
    disabled: attributes.includes('disabled=""'),
    checked: attributes.includes('checked=""'),
    type: attributes.match(/type="(\w+)"/)?.[1],
  }));
}

describe("SeatGrid", () => {
  it("groups the seats by row, each a named checkbox", () => {
    const html = render([seat(1, "A", 1), seat(2, "A", 2), seat(3, "B", 1)]);
    expect(html.match(/<fieldset/g)).toHaveLength(2);
    expect(html).toContain('<legend class="seat-row-name">Row A</legend>');
    expect(html).toContain('<legend class="seat-row-name">Row B</legend>');
    expect(checkboxes(html)).toEqual([
      {
        value: "1",
        name: "Row A, seat 1, $\u00a05.000, available",
        disabled: false,
        checked: false,
        type: "checkbox",
      },
      {
        value: "2",
        name: "Row A, seat 2, $\u00a05.000, available",
        disabled: false,
        checked: false,
        type: "checkbox",
      },
      {
        value: "3",
        name: "Row B, seat 1, $\u00a05.000, available",
        disabled: false,
        checked: false,
        type: "checkbox",
      },
    ]);
  });

  it("disables taken seats and the buyer's own (ticked), and ticks a refused choice", () => {
    const html = render(
      [seat(1, "A", 1, { state: "TAKEN" }), seat(2, "A", 2, { state: "MINE" }), seat(3, "A", 3)],
      [3, 1],
    );
    expect(
      checkboxes(html).map(({ name, disabled, checked }) => [name, disabled, checked]),
    ).toEqual([
      ["Row A, seat 1, $\u00a05.000, taken", true, false],
      ["Row A, seat 2, $\u00a05.000, in your cart", true, true],
      ["Row A, seat 3, $\u00a05.000, available", false, true],
    ]);
  });

  it("marks wheelchair spaces and restricted views", () => {
    const html = render([seat(1, "A", 1, { kind: "WHEELCHAIR", restrictedView: true })]);
    expect(html).toContain('class="seat seat-free seat-wheelchair seat-restricted"');
  });
});

describe("seatGridHtml", () => {
  it("escapes what it writes, so a row or a name cannot break out of the markup", () => {
    const html = render([seat(1, '<b>"A"&', 1)]);
    expect(html).not.toContain("<b>");
    expect(html).toContain("Row &lt;b&gt;&quot;A&quot;&amp;</legend>");
    expect(checkboxes(html)[0].name).toBe(
      "Row &lt;b&gt;&quot;A&quot;&amp;, seat 1, $\u00a05.000, available",
    );
  });
});

describe("SeatGrid of a big sector", () => {
  const seats = [seat(1, "A", 1), seat(2, "B", 1), seat(3, "C", 1), seat(4, "D", 1)];
  const grid: SeatGridPages = {
    pages: [
      { firstRow: "A", lastRow: "B", fromRow: 0, toRow: 2 },
      { firstRow: "C", lastRow: "D", fromRow: 2, toRow: 4 },
    ],
    current: 1,
  };

  it("shows the rows of the current page only, and links to the others", () => {
    const html = render(seats, [], grid);
    expect(checkboxes(html).map((box) => box.value)).toEqual(["3", "4"]);
    expect(html).toContain('<nav aria-label="Rows of the sector">');
    expect(html).toContain('href="/?sector=2&amp;filas=1#seats"');
    expect(html).toContain('<span aria-current="page" class="font-semibold">Rows C to D</span>');
  });
});
