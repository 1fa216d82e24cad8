// Prices and dates as the spec shows them (§9): prices es-AR with 0 decimals and "$";
// dates in the buyer's language, on the city's clock.
import type { Locale } from "./locales";

export const cityTimeZone = "America/Argentina/Buenos_Aires";

const pesos = new Intl.NumberFormat("es-AR", { maximumFractionDigits: 0 });

/** No line break between the sign and the amount. */
const noBreakSpace = "\u00a0";

/**
 * 12000 → "$ 12.000" whatever the language (the shop prices in Argentine pesos). The space is
 * a no-break space, so a narrow line never leaves "$" alone above its amount.
 */
export function formatPrice(amount: number): string {
  return `$${noBreakSpace}${pesos.format(amount)}`;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone: cityTimeZone, ...options });
    dateFormats.set(key, format);
  }
  return format;
}

/**
 * Formatted dates, by format, language and moment: the same few hundred performance dates
 * are written on every page (about 50 on the billboard), and Intl's formatting was 1–2% of
 * a page's CPU. Pure, so kept; bounded: emptied when full.
 */
const formatted = new Map<string, string>();
const maxFormattedKept = 5000;

function remembered(kind: string, iso: string, locale: Locale, format: () => string): string {
  const key = `${kind}|${locale}|${iso}`;
  let text = formatted.get(key);
  if (text === undefined) {
    text = format();
    if (formatted.size >= maxFormattedKept) formatted.clear();
    formatted.set(key, text);
  }
  return text;
}

/** "sábado, 28 de noviembre de 2026, 20:30" in the chosen language. */
export function formatDateTime(iso: string, locale: Locale): string {
  return remembered("dateTime", iso, locale, () =>
    dateFormat(locale, { dateStyle: "full", timeStyle: "short" }).format(new Date(iso)),
  );
}

export function formatShortDate(iso: string, locale: Locale): string {
  return remembered("short", iso, locale, () =>
    dateFormat(locale, { weekday: "short", day: "numeric", month: "short" }).format(new Date(iso)),
  );
}

/** "10/3/2031": a moment's day in the city, or a calendar day given as YYYY-MM-DD. */
export function formatDay(isoOrDay: string, locale: Locale): string {
  // A bare day is read at noon UTC: the same day in the city's time zone.
  const at = /^\d{4}-\d{2}-\d{2}$/.test(isoOrDay) ? `${isoOrDay}T12:00:00Z` : isoOrDay;
  return dateFormat(locale, { dateStyle: "short" }).format(new Date(at));
}

export function formatTime(iso: string, locale: Locale): string {
  return dateFormat(locale, { hour: "2-digit", minute: "2-digit" }).format(new Date(iso));
}

/**
 * The purchase clock (§4): days when a day or more is left, hours when an hour or more,
 * otherwise mm:ss. Never negative.
 */
export function clockParts(msLeft: number): { unit: "days" | "hours" | "clock"; text: string } {
  const seconds = Math.max(0, Math.floor(msLeft / 1000));
  if (seconds >= 86_400) return { unit: "days", text: String(Math.floor(seconds / 86_400)) };
  if (seconds >= 3_600) return { unit: "hours", text: String(Math.floor(seconds / 3_600)) };
  const mm = String(Math.floor(seconds / 60)).padStart(2, "0");
  const ss = String(seconds % 60).padStart(2, "0");
  return { unit: "clock", text: `${mm}:${ss}` };
}

/** The clock turns to its alert colour at 2 minutes or less (§9). */
export const clockAlertMs = 2 * 60 * 1000;
export function isClockAlert(msLeft: number): boolean {
  return msLeft <= clockAlertMs;
}
