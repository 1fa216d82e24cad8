// A performance's date as the spec's parts (oFuncionFecha), on the city's wall clock.
// Argentina keeps UTC-3 all year (no daylight saving since 2009), so a fixed offset is exact
// and the result does not depend on the machine's time zone or ICU data.

export const CITY_UTC_OFFSET_MINUTES = -3 * 60;

export type FunctionDateParts = {
  dFecha: string;
  /** 0 = Sunday … 6 = Saturday. */
  oFuncionDiaDeLaSemana: number;
  nFuncionDia: number;
  nFuncionMes: number;
  nFuncionAnio: number;
  nFuncionHora: number;
  nFuncionMinuto: number;
};

export function functionDateParts(
  instant: Date,
  offsetMinutes: number = CITY_UTC_OFFSET_MINUTES,
): FunctionDateParts {
  if (Number.isNaN(instant.getTime())) throw new RangeError("Invalid performance date");
  // Shift the instant so that its UTC fields read as the local wall clock.
  const local = new Date(instant.getTime() + offsetMinutes * 60_000);
  return {
    dFecha: instant.toISOString(),
    oFuncionDiaDeLaSemana: local.getUTCDay(),
    nFuncionDia: local.getUTCDate(),
    nFuncionMes: local.getUTCMonth() + 1,
    nFuncionAnio: local.getUTCFullYear(),
    nFuncionHora: local.getUTCHours(),
    nFuncionMinuto: local.getUTCMinutes(),
  };
}
