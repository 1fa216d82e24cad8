// `npm start`: builds the storefront and the servers' bundle when missing or older than their
// sources, then runs the bundled server (which migrates and seeds the embedded database on
// first start).
import { execFileSync, spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { constants } from "node:os";
import { join } from "node:path";

const sources = ["app", "locales", "commerce", "server", "server.ts", "public"];
const builtFile = "build/node/storefront.mjs";

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const stale =
  !existsSync(builtFile) ||
  sources.some((path) => existsSync(path) && newestMtime(path) > statSync(builtFile).mtimeMs);
if (stale) {
  console.log("building the storefront and its server…");
  execFileSync("npm", ["run", "build"], { stdio: "inherit" });
}

const server = spawn(process.execPath, [builtFile], {
  stdio: "inherit",
  env: { NODE_ENV: "production", ...process.env },
});
// A stop is the server's to carry out: the signal is passed on, and this process leaves only
// once the server has (its requests answered, its database closed). package.json runs this
// file with `exec`: the shell npm starts would neither pass the signal on nor wait.
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
