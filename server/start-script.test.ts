// `npm start` and `npm run serve` as an operator's supervisor runs them: SIGTERM goes to npm,
// and must reach the server, which then takes its grace; npm leaves only after the server
// did. (npm runs a script through `sh -c`, and the shell neither passes SIGTERM on nor waits:
// without `exec` npm left at once and the server kept running, unaware of the stop.) The
// scripts run for real, in a copy of the project that holds package.json, scripts/start.mjs
// and, as the built server, a stand-in that notes the signal and takes a moment to stop.
import { spawn } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

// The built server's stand-in: says it runs, and on SIGTERM stops after a while (a server
// finishing its requests), writing down what it went through.
const standIn = `
import { appendFileSync } from "node:fs";
const note = (line) => appendFileSync(process.env.NOTES, line + "\\n");
process.on("SIGTERM", () => {
  note("SIGTERM");
  setTimeout(() => { note("stopped"); process.exit(0); }, 500);
});
// Never left behind: it ends by itself, signal or not.
setTimeout(() => process.exit(0), 20000);
note("running");
`;

function projectCopy(): string {
  const folder = mkdtempSync(join(tmpdir(), "start-script-test-"));
  folders.push(folder);
  cpSync("package.json", join(folder, "package.json"));
  mkdirSync(join(folder, "scripts"));
  cpSync("scripts/start.mjs", join(folder, "scripts/start.mjs"));
  mkdirSync(join(folder, "build/node"), { recursive: true });
  // No sources beside it: start.mjs finds the build current and builds nothing.
  writeFileSync(join(folder, "build/node/storefront.mjs"), standIn);
  return folder;
}

const notesOf = (file: string) =>
  existsSync(file) ? readFileSync(file, "utf8").trim().split("\n") : [];

async function runAndStop(script: string) {
  const folder = projectCopy();
  const notes = join(folder, "notes");
  const npm = spawn("npm", ["run", "--silent", script], {
    cwd: folder,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NOTES: notes },
    stdio: "ignore",
  });
  let gone = false;
  const exited = new Promise<void>((resolve) =>
    npm.on("exit", () => {
      gone = true;
      resolve();
    }),
  );
  while (!notesOf(notes).includes("running")) {
    if (gone) throw new Error(`npm run ${script} ended before the server ran`);
    await new Promise((r) => setTimeout(r, 50));
  }
  npm.kill("SIGTERM");
  await exited;
  // What the server had gone through when npm left.
  return notesOf(notes);
}

it("npm start passes SIGTERM on to the server and waits for it", { timeout: 60_000 }, async () => {
  expect(await runAndStop("start")).toEqual(["running", "SIGTERM", "stopped"]);
});

it("npm run serve passes SIGTERM on to the server and waits for it", {
  timeout: 60_000,
}, async () => {
  expect(await runAndStop("serve")).toEqual(["running", "SIGTERM", "stopped"]);
});
