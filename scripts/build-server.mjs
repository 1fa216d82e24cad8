// `npm run build`'s second half: bundles the servers' TypeScript (storefront, standalone
// commerce API, and the child that fills a new data folder) into build/node/*.mjs, run by plain
// Node. Running the sources through tsx in production costs about 120 MB of memory (its
// loader, and every module transpiled at start); the bundle leaves the packages in
// node_modules. Run after `react-router build`: the storefront's bundle takes in its server
// build (decision 0052).
import { cpSync, rmSync } from "node:fs";
import { build } from "esbuild";

const out = "build/node";
rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: {
    storefront: "server.ts",
    commerce: "commerce/server.ts",
    "first-fill-process": "commerce/db/first-fill-process.ts",
    "eticket-worker": "commerce/tickets/eticket-worker.ts",
  },
  outdir: out,
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  // Shared modules in chunks of their own, so each is loaded once.
  splitting: true,
  chunkNames: "[name]-[hash]",
  sourcemap: "linked",
  logLevel: "warning",
});
// Files the code finds beside its own module (`new URL(…, import.meta.url)`), where the
// bundle's modules look for them.
cpSync("commerce/db/migrations", `${out}/migrations`, { recursive: true });
cpSync("commerce/queue/espera.js", `${out}/espera.js`);
cpSync("locales", "build/locales", { recursive: true });
console.log(`servers bundled in ${out}`);
