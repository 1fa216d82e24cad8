// The seat form without JavaScript shows a big sector a few rows at a time: a stand of 2,000
// seats as one form is 400 kB of HTML and 2,000 checkboxes for a cheap phone to lay out and a
// keyboard to get past. Pages are whole rows, nearest the stage first, of at most
// `seatsPerGridPage` seats (a longer row is a page of its own). The map island still gets the
// whole sector.

export const seatsPerGridPage = 300;

/** Rows fromRow (inclusive) to toRow (exclusive), by their place in the sector's rows. */
export type GridPage = { firstRow: string; lastRow: string; fromRow: number; toRow: number };

export function gridPagesOf(
  rows: readonly { row: string; seats: readonly unknown[] }[],
  perPage = seatsPerGridPage,
): GridPage[] {
  const pages: GridPage[] = [];
  let seatsInPage = 0;
  rows.forEach((row, position) => {
    const page = pages.at(-1);
    if (page && seatsInPage + row.seats.length <= perPage) {
      page.toRow = position + 1;
      page.lastRow = row.row;
      seatsInPage += row.seats.length;
      return;
    }
    pages.push({ firstRow: row.row, lastRow: row.row, fromRow: position, toRow: position + 1 });
    seatsInPage = row.seats.length;
  });
  return pages;
}

/** ?filas=N (1 = nearest the stage) as a page index; null when it names no page. */
export function gridPageIndexOf(url: URL, pages: readonly GridPage[]): number | null {
  const asked = url.searchParams.get("filas");
  if (asked === null) return 0;
  if (!/^[1-9][0-9]{0,4}$/.test(asked)) return null;
  const index = Number(asked) - 1;
  return index < pages.length ? index : null;
}
