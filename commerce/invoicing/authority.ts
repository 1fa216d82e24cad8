// The fiscal authority behind an interface: it authorizes each receipt (bill or credit note)
// with a CAE, a 14-digit code printed on it, valid until a given day. The offline default is
// the sandbox authority (sandbox-authority.ts); a real adapter (the tax office's web service)
// would implement the same shape.

/** Receipt types by the authority's codes. */
export const receiptTypes = { BILL_B: 6, CREDIT_NOTE_B: 8 } as const;
export type ReceiptTypeCode = (typeof receiptTypes)[keyof typeof receiptTypes];

export type ReceiptRequest = {
  /** The issuer's tax id (CUIT, 11 digits). */
  issuerTaxId: string;
  pointOfSale: number;
  receiptType: number;
  number: number;
  /** The receipt's date, YYYY-MM-DD in the shop's time zone. */
  issuedOn: string;
  /** Whole pesos: the total, and the net and VAT it includes. */
  total: number;
  net: number;
  vat: number;
  /** A credit note names the bill it gives back. */
  associated?: { receiptType: number; pointOfSale: number; number: number };
};

/** Why the authority refused a receipt. */
export type RefusalReason =
  /** Not the next number of its point of sale and type (one before it is still missing). */
  | "NOT_NEXT"
  /** That number was authorized already (ask `lookup` for its CAE). */
  | "ALREADY_AUTHORIZED"
  /** The figures do not add up, the date is out of range, or a field is malformed. */
  | "INVALID";

export type Authorization =
  | { status: "AUTHORIZED"; cae: string; caeExpiresOn: string }
  | { status: "REFUSED"; reason: RefusalReason; detail: string };

export interface FiscalAuthority {
  /** Asks for the CAE of one receipt: only the next number of its sequence is accepted. */
  authorize(receipt: ReceiptRequest): Promise<Authorization>;
  /** The CAE given to an authorized receipt, or null when that number was never authorized. */
  lookup(
    receipt: Pick<ReceiptRequest, "issuerTaxId" | "pointOfSale" | "receiptType" | "number">,
  ): Promise<{ cae: string; caeExpiresOn: string } | null>;
  /** The last number authorized for a point of sale and type (0: none yet). */
  lastAuthorized(
    receipt: Pick<ReceiptRequest, "issuerTaxId" | "pointOfSale" | "receiptType">,
  ): Promise<number>;
}
