// Search is case- and accent-insensitive without a database extension (no unaccent, no
// pg_trgm: PGlite would have to load them and every host would need them). Texts are
// folded with lower() plus translate() of the accented Latin letters, both immutable, so
// the database keeps the folded copies as generated columns and never goes out of sync.
// The same table folds the search term in the application (catalog/search.ts).
import { type SQL, sql } from "drizzle-orm";

/** Accented Latin letters (Latin-1 and Latin Extended-A), upper and lower case… */
export const SEARCH_FOLD_FROM =
  "ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöøùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĐđĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŁłŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽž";
/** …and the lower-case ASCII letter each one folds to (same position). */
export const SEARCH_FOLD_TO =
  "aaaaaaceeeeiiiinoooooouuuuyaaaaaaceeeeiiiinoooooouuuuyyaaaaaaccccccccddddeeeeeeeeeegggggggghhiiiiiiiiijjkkllllllllnnnnnnoooooorrrrrrssssssssttttuuuuuuuuuuuuwwyyyzzzzzz";

/** SQL that folds a text expression for search (lower case, no accents). */
export function searchFold(text: SQL): SQL {
  return sql`translate(lower(${text}), ${sql.raw(`'${SEARCH_FOLD_FROM}'`)}, ${sql.raw(`'${SEARCH_FOLD_TO}'`)})`;
}

/** SQL of a { es, en, pt } JSON text in one language, falling back to es (as localized()). */
export function localizedSql(json: SQL, language: "es" | "en" | "pt"): SQL {
  return sql`coalesce(nullif(${json} ->> ${sql.raw(`'${language}'`)}, ''), ${json} ->> 'es', '')`;
}
