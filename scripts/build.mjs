/* global process, URL */
// `npm run build`: the TypeScript of src/ transpiled to JavaScript in dist/, one file for one file
// (the same esbuild transform tsx applies on the fly, done ahead of time), so the bot, the worker
// and `npm start` run on plain Node without a loader thread: a loader costs a process about
// 60 MB of memory. dist/ mirrors src/ at the same depth, so paths built from `import.meta.url`
// (the migrations folder, the project root) resolve alike from either. Type checking is
// `npm run typecheck`'s job, not this one's.
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("../", import.meta.url));
const source = join(root, "src");
const out = join(root, "dist");

/** Every module of src/ that runs in production: no tests, no declaration files. */
function modules(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return modules(path);
    if (!entry.name.endsWith(".ts") || entry.name.endsWith(".test.ts") || entry.name.endsWith(".d.ts"))
      return [];
    return [path];
  });
}

/** Every file under dir. */
function files(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

const entryPoints = modules(source);
const { outputFiles } = await build({
  entryPoints,
  outdir: out,
  outbase: source,
  bundle: false,
  format: "esm",
  platform: "node",
  target: "node20",
  logLevel: "warning",
  write: false,
});
// A file whose text is already there is left alone, and the others are replaced by a rename, so
// a process importing from dist/ (or a second build at the same moment) never reads half a file.
let written = 0;
for (const file of outputFiles) {
  if (existsSync(file.path) && readFileSync(file.path, "utf8") === file.text) continue;
  mkdirSync(dirname(file.path), { recursive: true });
  const temporary = `${file.path}.${process.pid}.tmp`;
  writeFileSync(temporary, file.text);
  renameSync(temporary, file.path);
  written++;
}
// What no longer has a source is removed.
const built = new Set(outputFiles.map((file) => file.path));
for (const path of files(out)) if (!built.has(path) && !path.endsWith(".tmp")) rmSync(path);
process.stderr.write(
  `build: ${entryPoints.length} modules of ${relative(root, source)}/ → ${relative(root, out)}/ (${written} written)\n`,
);
