// Entry of the child process that fills a new PGlite data folder (first-fill.ts): opens it
// (migrating), runs the demo seed, closes it and exits.
import { seedDemoCatalog } from "../seed/index.ts";
import { openDatabase } from "./client.ts";

const dataDir = process.argv[2];
if (!dataDir) {
  process.stderr.write("usage: first-fill-process <data folder>\n");
  process.exit(2);
}
const handle = await openDatabase({ dataDir });
try {
  await seedDemoCatalog(handle.db);
} finally {
  await handle.close();
}
process.exit(0);
