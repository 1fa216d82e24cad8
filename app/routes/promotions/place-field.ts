// The promotions form's fields (page and action agree on them). With multi-promotion on
// (brand flag) every ticket has its own choice; off, one choice per performance covers all
// its tickets.

/** The select that chooses one place's promotion. */
export const placeField = (positionId: number) => `promotion-${positionId}`;

/** The select that chooses the promotion of all a performance's tickets (multi-promotion off). */
export const lineField = (performanceId: number) => `promotion-line-${performanceId}`;

type Line = { idFuncion: number; listaPosiciones: { idPosicion: number }[] };

/**
 * What was chosen for each place, as typed ("" for none), read from the fields the page
 * showed: one per place, or one per performance given to each of its places.
 */
export function typedChoices(
  lines: readonly Line[],
  form: { get(name: string): unknown },
  perTicket: boolean,
): Map<number, string> {
  const typed = new Map<number, string>();
  for (const line of lines) {
    const lineValue = String(form.get(lineField(line.idFuncion)) ?? "");
    for (const place of line.listaPosiciones) {
      typed.set(
        place.idPosicion,
        perTicket ? String(form.get(placeField(place.idPosicion)) ?? "") : lineValue,
      );
    }
  }
  return typed;
}
