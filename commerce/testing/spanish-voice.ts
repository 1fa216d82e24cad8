// The shop speaks Spanish with "vos" (Ingresá, podés, tenés): this finds the forms that
// address the reader as "usted" instead (tests only). Only forms that cannot be anything
// else are listed: a usted imperative is also the third person's subjunctive ("para que
// ingrese por su cuenta", "que cada código se presente"), so it counts only where a
// sentence or clause starts with it; "presente" is an adjective too ("tarjeta presente").

/** Usted imperatives a shop's texts would use (the subjunctive's third person). */
const imperatives = [
  "abra",
  "acepte",
  "agregue",
  "aguarde",
  "busque",
  "cambie",
  "complete",
  "comparta",
  "compre",
  "confirme",
  "consulte",
  "continúe",
  "deje",
  "descargue",
  "elija",
  "elimine",
  "envíe",
  "escriba",
  "espere",
  "guarde",
  "haga",
  "indique",
  "ingrese",
  "inicie",
  "intente",
  "introduzca",
  "lea",
  "lleve",
  "llame",
  "marque",
  "modifique",
  "muestre",
  "pague",
  "pegue",
  "presente",
  "recuerde",
  "reserve",
  "retire",
  "revise",
  "seleccione",
  "siga",
  "tenga",
  "toque",
  "utilice",
  "verifique",
  "vuelva",
];

/** Usted forms that are usted wherever they stand. */
const anywhere = [
  "usted",
  // Imperatives with a pronoun attached (vos: acercate, comunicate, escribinos).
  "acérquese",
  "asegúrese",
  "comuníquese",
  "contáctenos",
  "diríjase",
  "escríbanos",
  "llámenos",
  "disculpe",
  // The shop speaking to the reader as "le" / "lo" ("le enviamos las entradas" may be the
  // buyer the clerk is told about, so it is not listed).
  "le recomendamos",
  "le pedimos",
  "le informamos",
  "le agradecemos",
  "le sugerimos",
  "lo invitamos",
];

const letter = "\\p{L}";
const clauseStart = '(?:^|[.:;,!?¡¿(«“"—]\\s*|\\bno\\s+|\\by\\s+|\\bpor favor,?\\s+)';
const imperativePattern = new RegExp(
  `(?<!\\bque\\s+)${clauseStart}(${imperatives.join("|")})(?!${letter})`,
  "giu",
);
const anywherePattern = new RegExp(`(?<!${letter})(${anywhere.join("|")})(?!${letter})`, "giu");

/** The usted forms in a text, as written ([] when it speaks with vos or to nobody). */
export function ustedForms(text: string): string[] {
  return [
    ...Array.from(text.matchAll(imperativePattern), (match) => match[1]),
    ...Array.from(text.matchAll(anywherePattern), (match) => match[1]),
  ];
}
