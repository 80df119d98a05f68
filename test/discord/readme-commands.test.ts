import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { commands } from "../../src/discord/commands/index.js";

/**
 * The GM guide (docs/gm-guide.md, "How a GM runs a game", moved there from the README) and the
 * README's own short path name only commands the bot has, and
 * every one of them is driven by some test: each `/command sub` it names is a registered command
 * path, and some test file runs exactly that path (`slash(…, "gm add", …)` and the like).
 */

const root = fileURLToPath(new URL("../../", import.meta.url));

interface CommandJson {
  name: string;
  type?: number;
  options?: CommandJson[];
}

/** Every path: runnable ones (`game join`, `gm status set`, `order`) and groups (`stats`, `gm status`). */
function registeredPaths(): Set<string> {
  const paths = new Set<string>();
  const walk = (trail: string[], node: CommandJson) => {
    const subs = (node.options ?? []).filter((o) => o.type === 1 || o.type === 2);
    // A command with subcommands (`/stats`) and a subcommand group (`/gm status`) are named too.
    paths.add(trail.join(" "));
    for (const sub of subs) walk([...trail, sub.name], sub);
  };
  for (const command of commands) {
    const json = command.data.toJSON() as CommandJson;
    walk([json.name], json);
  }
  return paths;
}

/** The paths a README passage names: `/gm extend|pause` is two, options (`user:@…`) are not. */
function namedPaths(text: string): string[] {
  const out: string[] = [];
  for (const [, span = ""] of text.matchAll(/`(\/[^`]+)`/g)) {
    const words: string[] = [];
    for (const word of span.slice(1).split(/\s+/)) {
      if (word.includes(":") || !/^[a-z|_]+$/.test(word)) break;
      words.push(word);
    }
    const last = words.pop() ?? "";
    for (const alternative of last.split("|")) out.push([...words, alternative].join(" "));
  }
  return [...new Set(out)];
}

async function testSources(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await testSources(path)));
    else if (entry.name.endsWith(".ts")) out.push(await readFile(path, "utf8"));
  }
  return out;
}

describe("the GM guide and the README", () => {
  it("name only registered commands, and each of them is run by a test", async () => {
    const guide = await readFile(join(root, "docs/gm-guide.md"), "utf8");
    const readme = await readFile(join(root, "README.md"), "utf8");
    expect(guide.startsWith("# How a GM runs a game")).toBe(true);
    const fromReadme = namedPaths(readme);
    expect(fromReadme).toEqual(
      expect.arrayContaining(["settings", "game create", "game join", "game start"]),
    );
    const named = [...new Set([...namedPaths(guide), ...fromReadme])];
    expect(named.length).toBeGreaterThan(20);
    const registered = registeredPaths();
    expect(named.filter((p) => !registered.has(p))).toEqual([]);
    // Run means: a test passes the path as a command line, the way the harness's slash() takes it.
    const sources = (await testSources(join(root, "test"))).join("\n");
    // A group (`/gm status`) is run through one of its subcommands.
    const run = (path: string) => sources.includes(`"${path}"`) || sources.includes(`"${path} `);
    expect(named.filter((p) => registered.has(p) && !run(p))).toEqual([]);
  });
});
