// Limits the storefront's forms show and check before the API does (the API enforces them
// too). Apart from place-selection.ts so the browser does not load zod with them.

/** Most places one purchase may take from one performance page. */
export const maxPlacesPerPurchase = 10;
