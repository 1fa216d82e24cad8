// `npm start`: builds the storefront when the build is missing or older than its sources,
// then runs the server (which migrates and seeds the embedded database on first start).
import { execFileSync, spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const sources = ["app", "locales", "commerce/contract", "public"];
const builtFile = "build/server/index.js";

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const stale =
  !existsSync(builtFile) ||
  sources.some((dir) => existsSync(dir) && newestMtime(dir) > statSync(builtFile).mtimeMs);
if (stale) {
  console.log("building the storefront…");
  execFileSync("npx", ["react-router", "build"], { stdio: "inherit" });
}

const server = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
  stdio: "inherit",
  env: { NODE_ENV: "production", ...process.env },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
