// The addresses of a payment link (spec §2): the link the buyer got by mail, its result page,
// and reading a link pasted on /linkPago. The key travels in the query (never logged: the
// shop's request log keeps the path only).
const keyPattern = /^[A-Za-z0-9_-]{43}$/;

export type PaymentLinkRef = { processId: number; key: string };

export const paymentLinkPath = ({ processId, key }: PaymentLinkRef) =>
  `/linkPago/${processId}?clave=${key}`;

export const paymentLinkConfirmPath = ({ processId, key }: PaymentLinkRef) =>
  `/payConfirmLinkPago?idProcesoDeCompra=${processId}&clave=${key}`;

/** The link's process and key from an id and a key as received, or null if malformed. */
export function paymentLinkRef(id: unknown, key: unknown): PaymentLinkRef | null {
  if (typeof id !== "string" || !/^[1-9][0-9]{0,9}$/.test(id)) return null;
  if (typeof key !== "string" || !keyPattern.test(key)) return null;
  return { processId: Number(id), key };
}

/** A whole link as pasted (any origin: only its path and key count), or null. */
export function parsePastedLink(text: string): PaymentLinkRef | null {
  try {
    const url = new URL(text.trim(), "http://link.invalid");
    const id = /^\/linkPago\/([^/]+)$/.exec(url.pathname)?.[1];
    return paymentLinkRef(id, url.searchParams.get("clave"));
  } catch {
    return null;
  }
}
