// The storefront's logger, also used by the server around it (server/): the same structured
// lines and error scrubbing as the API's (commerce/log.ts), at the storefront's LOG_LEVEL.
import { createLogger } from "../../commerce/log.ts";
import { config } from "./config.server";

export { errorFields } from "../../commerce/log.ts";

export const log = createLogger("storefront", config.logLevel);
