// The advanced search's URL (a plain GET form) ⇄ the API's search filter. Field names are the
// API's, so a link like /AdvancedSearch?cBuscar=tango&aListaidTipoDeEspectaculo=2 is both
// the form state and the filter. Errors are "validation" i18n keys, per field.
import { pagingQuery, type SearchFilter, searchFilter } from "@contract/browse.ts";
import { parseDateKey } from "./calendar";

export const searchFields = [
  "cBuscar",
  "idEstablecimiento",
  "dDesde",
  "dHasta",
  "aListaidTipoDeEspectaculo",
  "cZona",
] as const;
export type SearchField = (typeof searchFields)[number];

/** What the visitor typed, as typed, to put back into the form. */
export type SearchValues = {
  cBuscar: string;
  idEstablecimiento: string;
  dDesde: string;
  dHasta: string;
  aListaidTipoDeEspectaculo: string[];
  cZona: string;
};

export type SearchErrors = Partial<Record<SearchField | "pagina", string[]>>;

export type ParsedSearch = {
  values: SearchValues;
  page: number;
  /** The API filter; null when some field is invalid (nothing is searched then). */
  filter: SearchFilter | null;
  errors: SearchErrors;
};

const idPattern = /^[1-9][0-9]{0,9}$/;

function addError(errors: SearchErrors, field: SearchField | "pagina", key: string) {
  const list = errors[field] ?? [];
  if (!list.includes(key)) list.push(key);
  errors[field] = list;
}

/** Reads the form's query string; every filter is optional and they combine. */
export function parseSearchParams(params: URLSearchParams): ParsedSearch {
  const text = (name: SearchField) => (params.get(name) ?? "").slice(0, 500);
  const values: SearchValues = {
    cBuscar: text("cBuscar"),
    idEstablecimiento: text("idEstablecimiento").trim(),
    dDesde: text("dDesde").trim(),
    dHasta: text("dHasta").trim(),
    aListaidTipoDeEspectaculo: [
      ...new Set(
        params
          .getAll("aListaidTipoDeEspectaculo")
          .flatMap((value) => value.split(","))
          .map((value) => value.trim())
          .filter(Boolean),
      ),
    ].slice(0, 60),
    cZona: text("cZona").trim(),
  };
  const errors: SearchErrors = {};

  const candidate: Record<string, unknown> = {};
  // Blank or only spaces means "no term"; anything else is trimmed and must be 3+ characters.
  if (values.cBuscar.trim()) candidate.cBuscar = values.cBuscar;
  if (values.idEstablecimiento) {
    if (idPattern.test(values.idEstablecimiento)) {
      candidate.idEstablecimiento = values.idEstablecimiento;
    } else addError(errors, "idEstablecimiento", "invalid");
  }
  for (const field of ["dDesde", "dHasta"] as const) {
    if (!values[field]) continue;
    // Stricter than a date pattern: 2026-02-30 is rejected here, not silently moved.
    if (parseDateKey(values[field])) candidate[field] = values[field];
    else addError(errors, field, "dateInvalid");
  }
  if (values.aListaidTipoDeEspectaculo.length > 0) {
    if (values.aListaidTipoDeEspectaculo.every((id) => idPattern.test(id))) {
      candidate.aListaidTipoDeEspectaculo = values.aListaidTipoDeEspectaculo;
    } else addError(errors, "aListaidTipoDeEspectaculo", "invalid");
  }
  if (values.cZona) candidate.cZona = values.cZona;

  const parsed = searchFilter.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field === "string" && (searchFields as readonly string[]).includes(field)) {
        addError(errors, field as SearchField, issue.message);
      }
    }
  }

  // A bad page number is reported, but the (valid) filters still search from page 1.
  const filterOk = parsed.success && Object.keys(errors).length === 0;
  const paging = pagingQuery.safeParse({ pagina: params.get("pagina") || undefined });
  if (!paging.success) addError(errors, "pagina", "pageInvalid");
  const page = paging.success ? paging.data.pagina : 1;

  return { values, page, filter: filterOk ? parsed.data : null, errors };
}

/** Whether any filter is set (an empty search lists the whole catalog). */
export function hasFilters(values: SearchValues): boolean {
  return searchFields.some((field) => {
    const value = values[field];
    return Array.isArray(value) ? value.length > 0 : value.trim() !== "";
  });
}

/** The query string of a search at a page, keeping every filter (for pager links). */
export function searchQuery(values: SearchValues, page = 1): string {
  const params = new URLSearchParams();
  for (const field of searchFields) {
    const value = values[field];
    if (Array.isArray(value)) for (const item of value) params.append(field, item);
    else if (value.trim()) params.set(field, field === "cBuscar" ? value.trim() : value);
  }
  if (page > 1) params.set("pagina", String(page));
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** Number of pages for a total (at least 1, so "page 1 of 1" reads right when empty). */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}
