// The shop's public origin: where outside services (the city's login, a bank's 3-D Secure
// page) send the buyer back to. PUBLIC_ORIGIN behind a proxy, else the request's own.
import { config } from "./config.server";

export function shopOrigin(request: Request): string {
  return config.publicOrigin ?? new URL(request.url).origin;
}
