// Path parameters of the /v2 routes, validated like bodies: a non-numeric, negative,
// fractional or out-of-range id is a 400 VALIDATION, never a 500.
import type { Context } from "hono";
import { z } from "zod";
import { idParam } from "../contract/index.ts";
import { ApiError, validate } from "./support.ts";

/** Proceso/0/… means "start a new process". */
export const idOrZero = z.coerce.number().int().min(0).max(2_147_483_647);

export function pathId(c: Context, name = "id", schema: z.ZodType<number> = idParam): number {
  const raw = c.req.param(name);
  // Digits only: coercion alone would accept "1e3", " 7" or "0x1f".
  if (raw === undefined || !/^[0-9]{1,10}$/.test(raw)) {
    throw new ApiError("VALIDATION", 400, 400, { [name]: ["invalid"] });
  }
  return validate(z.object({ [name]: schema }), { [name]: raw })[name] as number;
}
