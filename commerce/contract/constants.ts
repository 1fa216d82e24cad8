// Plain values of the contract with no zod behind them, so browser code that needs only
// these (the header, links) does not pull the schemas into every page's bundle.

/** Show type of shop products (spec §9): sold as a quantity, without a date. */
export const PRODUCT_TYPE_ID = 100;

/** Listing page size (§9): 12 at first, 12 more per "load more". */
export const pageSize = 12;
export const maxPageSize = 60;
/** Search text: trimmed, at least 3 characters (§5). */
export const minSearchLength = 3;
