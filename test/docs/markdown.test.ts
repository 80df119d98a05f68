import { execFile } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

/**
 * The repository stands alone and its docs tell the truth: every relative link of every
 * Markdown file resolves (the file, and the heading an anchor names); nothing refers to a path
 * outside the repository; every command the docs give names a script and files that exist, and
 * the cheap ones (a scenario case through simulate, any `--help`) run exactly as written.
 */

const root = fileURLToPath(new URL("../../", import.meta.url));
const SKIP = new Set(["node_modules", "dist", ".git", "results", "coverage"]);

function walk(dir: string, keep: (name: string) => boolean): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(path, keep));
    else if (keep(entry.name)) out.push(path);
  }
  return out;
}

const markdown = walk(root, (name) => name.endsWith(".md")).sort();
const read = (path: string) => readFileSync(path, "utf8");

/** The text outside fenced code blocks, line by line (links are not read inside code). */
function prose(text: string): string {
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "").replace(/`[^`\n]*`/g, "``");
}

/** GitHub's anchors of a Markdown file's headings. */
function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading = ""] of prose(text).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const plain = heading
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/[`*_]/g, (c) => (c === "_" ? "_" : ""));
    const base = plain
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** Every link target of a Markdown file: `[x](t)`, `![x](t)`, `<img src="t">`, `<a href="t">`. */
function linksOf(text: string): string[] {
  const body = prose(text);
  const targets = [...body.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map(
    (m) => m[1] ?? "",
  );
  for (const m of body.matchAll(/<(?:img|a)\s[^>]*?(?:src|href)="([^"]+)"/g)) targets.push(m[1] ?? "");
  return targets.filter((t) => t !== "" && !/^(https?:|mailto:)/.test(t));
}

describe("the repository's Markdown", () => {
  it("is found: the README, the docs and the rules", () => {
    const names = markdown.map((path) => relative(root, path));
    expect(names).toEqual(
      expect.arrayContaining(["README.md", "CONTRIBUTING.md", "docs/getting-started.md"]),
    );
    expect(names.length).toBeGreaterThan(30);
  });

  it("links only to files and headings that exist", () => {
    const broken: string[] = [];
    for (const file of markdown) {
      for (const target of linksOf(read(file))) {
        const [path = "", anchor] = target.split("#");
        const resolved = path === "" ? file : resolve(dirname(file), decodeURI(path));
        const where = `${relative(root, file)} → ${target}`;
        if (!resolved.startsWith(root)) broken.push(`${where} (outside the repository)`);
        else if (!existsSync(resolved)) broken.push(`${where} (no such file)`);
        else if (anchor !== undefined && resolved.endsWith(".md") && statSync(resolved).isFile()) {
          if (!anchorsOf(read(resolved)).has(anchor)) broken.push(`${where} (no such heading)`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it("finds a broken link or anchor when there is one", () => {
    const text =
      "# Title\n\n## Checking a game afterwards\n\nSee [x](#checking-a-game-afterwards), [y](nowhere.md).\n";
    expect(anchorsOf(text)).toEqual(new Set(["title", "checking-a-game-afterwards"]));
    expect(linksOf(text)).toEqual(["#checking-a-game-afterwards", "nowhere.md"]);
    expect(linksOf("`[not](a-link.md)`\n```\n[nor](this.md)\n```\n")).toEqual([]);
  });
});

describe("nothing refers to a path outside the repository", () => {
  it("no doc, code or configuration names ../shared or the machine's folders", () => {
    const texts = walk(root, (name) =>
      /\.(md|ts|mjs|js|json|ya?ml|sh)$|^Dockerfile$|^run$/.test(name),
    ).filter((path) => !path.endsWith("package-lock.json") && !path.endsWith("markdown.test.ts"));
    const outside = texts.filter((path) => /\.\.\/shared\b|\/work\/(shared|main)\b/.test(read(path)));
    expect(outside.map((path) => relative(root, path))).toEqual([]);
  });
});

/** The commands the docs give: lines of shell blocks, and inline code that starts like a command. */
function commandsOf(text: string): string[] {
  const out: string[] = [];
  for (const [, block = ""] of text.matchAll(/^```(?:sh|bash|shell|console)\n([\s\S]*?)^```/gm))
    for (const line of block.split("\n"))
      if (line.trim() !== "") out.push(line.replace(/\s+#.*$/, "").trim());
  const outsideBlocks = text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "");
  for (const [, span = ""] of outsideBlocks.matchAll(/`([^`\n]+)`/g)) out.push(span.trim());
  return out.filter((c) => /^(npm|npx|node|bash)\s/.test(c));
}

const scripts = Object.keys((JSON.parse(read(join(root, "package.json"))) as { scripts: object }).scripts);

/** Each `&&`-joined part of a command, without the environment assignments before it. */
const partsOf = (command: string) =>
  command.split(/\s*&&\s*/).map((part) => part.replace(/^(\w+=\S*\s+)+/, "").trim());

describe("the commands the docs give", () => {
  const all = markdown.flatMap((file) => commandsOf(read(file)).map((command) => ({ file, command })));

  it("are found in the README and getting started", () => {
    const inReadme = all.filter((c) => c.file.endsWith("README.md") && dirname(c.file) === resolve(root));
    expect(inReadme.map((c) => c.command)).toEqual(
      expect.arrayContaining(["npm ci && npm start", "npm ci && npm test"]),
    );
    expect(all.length).toBeGreaterThan(20);
  });

  it("name npm scripts and files that exist", () => {
    const wrong: string[] = [];
    for (const { file, command } of all) {
      for (const part of partsOf(command)) {
        const words = part.split(/\s+/);
        const where = `${relative(root, file)}: ${command}`;
        if (words[0] === "npm" && words[1] === "run") {
          const script = words.slice(2).find((w) => !w.startsWith("-"));
          if (script === undefined || !scripts.includes(script))
            wrong.push(`${where} (no script ${script ?? ""})`);
        } else if (words[0] === "npm" && ["start", "test"].includes(words[1] ?? "")) {
          if (!scripts.includes(words[1] ?? "")) wrong.push(where);
        }
        // A file the command runs: `node scripts/x.mjs`, `npx tsx scripts/y.ts`, `bash .ci/run`, `npx vitest run a b`.
        const files = words.filter((w) =>
          /^[\w.][\w./-]*\/[\w./-]*\.(ts|mjs|js|json|md)$|^\.ci\/run$/.test(w),
        );
        for (const path of files) if (!existsSync(join(root, path))) wrong.push(`${where} (no file ${path})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("run as written where they are cheap: scenario cases through simulate, and every --help", async () => {
    const run = promisify(execFile);
    const cheap = [
      ...new Set(
        all
          .map((c) => c.command)
          .filter(
            (c) =>
              /^npm run -s simulate -- test\/fixtures\/\S+\.json$/.test(c) ||
              (/^(npm|npx|node) [^<>…|;]*--help$/.test(c) && !c.includes("&&")),
          ),
      ),
    ];
    expect(cheap.some((c) => c.includes("simulate -- test/fixtures/"))).toBe(true);
    expect(cheap.some((c) => c.endsWith("--help"))).toBe(true);
    for (const command of cheap) {
      const { stdout } = await run("sh", ["-c", command], {
        cwd: root,
        env: { ...process.env, DISCORD_TOKEN: "" },
      });
      expect(stdout.length, command).toBeGreaterThan(0);
      if (command.endsWith("--help")) expect(stdout, command).toContain("usage: ");
      else expect(JSON.parse(stdout), command).toHaveProperty("final");
    }
  }, 120_000);
});
