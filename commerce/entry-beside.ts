// Code that starts another entry point of its own (a child process, a worker thread) finds it
// beside its own module: the TypeScript file when running from source (tsx), the bundled .mjs
// once built (scripts/build-server.mjs names each entry after its source file, in one folder).
export function entryBeside(ownUrl: string, name: string): { url: URL; fromSource: boolean } {
  const fromSource = ownUrl.endsWith(".ts");
  return { url: new URL(`./${name}.${fromSource ? "ts" : "mjs"}`, ownUrl), fromSource };
}
