/**
 * The independent oracle: Discord's own OpenAPI spec, as shipped by the `discord-api-spec`
 * npm package (zod schemas for every component, and a TypeScript `Paths` interface that maps
 * each route and method to its request body, query and responses). The package is a
 * devDependency, so everything here loads lazily and the emulator runs without it.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as z from "zod/mini";

type Json = Record<string, unknown>;
type Schema = z.core.$ZodType;

export interface Violation {
  kind: "request" | "response";
  method: string;
  route: string;
  path: string;
  status?: number;
  issues: { path: string; message: string }[];
}

type TypeNode =
  | { k: "name"; name: string }
  | { k: "lit"; value: string | number | boolean }
  | { k: "arr"; of: TypeNode }
  | { k: "union"; of: TypeNode[] }
  | { k: "tuple"; of: TypeNode[] }
  | { k: "obj"; fields: { key: string; optional: boolean; type: TypeNode }[] };

/** A small parser for the subset of TypeScript type syntax the generated `Paths` interface uses. */
class TypeParser {
  private toks: string[];
  private i = 0;
  constructor(src: string) {
    const clean = src.replace(/\/\*[\s\S]*?\*\//g, " ").replace(/\/\/[^\n]*/g, " ");
    this.toks =
      clean.match(
        /"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[A-Za-z_$][\w$]*|-?\d+(?:\.\d+)?|[{}()[\]|;:?,&<>]/g,
      ) ?? [];
  }
  private peek(): string | undefined {
    return this.toks[this.i];
  }
  private take(expect?: string): string {
    const t = this.toks[this.i++];
    if (t === undefined || (expect !== undefined && t !== expect))
      throw new Error(`oracle: expected ${expect ?? "token"} at ${this.i}, got ${t}`);
    return t;
  }
  type(): TypeNode {
    if (this.peek() === "|") this.take();
    const of: TypeNode[] = [this.postfix()];
    while (this.peek() === "|" || this.peek() === "&") {
      this.take();
      of.push(this.postfix());
    }
    return of.length === 1 ? (of[0] as TypeNode) : { k: "union", of };
  }
  private postfix(): TypeNode {
    let t = this.primary();
    while (this.peek() === "[" && this.toks[this.i + 1] === "]") {
      this.i += 2;
      t = { k: "arr", of: t };
    }
    return t;
  }
  private primary(): TypeNode {
    const t = this.take();
    if (t === "(") {
      const inner = this.type();
      this.take(")");
      return inner;
    }
    if (t === "{") return this.object();
    if (t === "[") {
      const of: TypeNode[] = [];
      while (this.peek() !== "]") {
        of.push(this.type());
        if (this.peek() === ",") this.take();
      }
      this.take("]");
      return { k: "tuple", of };
    }
    if (t.startsWith('"') || t.startsWith("'")) return { k: "lit", value: t.slice(1, -1) };
    if (/^-?\d/.test(t)) return { k: "lit", value: Number(t) };
    if (t === "true" || t === "false") return { k: "lit", value: t === "true" };
    if (this.peek() === "<") {
      // Generic like Record<string, X>: keep the name, skip the arguments.
      let depth = 0;
      do {
        const x = this.take();
        if (x === "<") depth++;
        if (x === ">") depth--;
      } while (depth > 0);
    }
    return { k: "name", name: t };
  }
  object(): TypeNode {
    const fields: { key: string; optional: boolean; type: TypeNode }[] = [];
    while (this.peek() !== "}") {
      let key = this.take();
      if (key === "[") {
        // index signature [key: string]: T
        while (this.take() !== "]");
        key = "*";
      }
      if (key.startsWith('"') || key.startsWith("'")) key = key.slice(1, -1);
      let optional = false;
      if (this.peek() === "?") {
        this.take();
        optional = true;
      }
      this.take(":");
      const type = this.type();
      fields.push({ key, optional, type });
      if (this.peek() === ";" || this.peek() === ",") this.take();
    }
    this.take("}");
    return { k: "obj", fields };
  }
}

interface Operation {
  body: TypeNode | null;
  query: TypeNode | null;
  responses: Map<string, TypeNode>;
}

function field(node: TypeNode | undefined, key: string): TypeNode | undefined {
  return node?.k === "obj" ? node.fields.find((f) => f.key === key)?.type : undefined;
}

function findSpecSource(): string | null {
  const candidates: string[] = [];
  try {
    const resolved = (import.meta as { resolve?: (s: string) => string }).resolve?.("discord-api-spec");
    if (resolved) candidates.push(fileURLToPath(resolved).replace(/\.js$/, ".ts"));
  } catch {
    // not resolvable this way
  }
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    candidates.push(join(dir, "node_modules", "discord-api-spec", "build", "discord-api-spec.ts"));
    if (dirname(dir) === dir) break;
  }
  candidates.push(join(process.cwd(), "node_modules", "discord-api-spec", "build", "discord-api-spec.ts"));
  return candidates.find((c) => existsSync(c)) ?? null;
}

export class SpecOracle {
  private readonly ops = new Map<string, Operation>();
  private readonly schemas: Record<string, unknown>;
  private readonly cache = new Map<TypeNode, Schema>();

  private constructor(paths: TypeNode, schemas: Record<string, unknown>) {
    this.schemas = schemas;
    if (paths.k !== "obj") throw new Error("oracle: Paths is not an object type");
    for (const p of paths.fields) {
      if (p.type.k !== "obj") continue;
      for (const m of p.type.fields) {
        const params = field(m.type, "parameters");
        const responses = new Map<string, TypeNode>();
        const r = field(m.type, "responses");
        if (r?.k === "obj") for (const f of r.fields) responses.set(f.key, f.type);
        const body = field(m.type, "requestBody") ?? null;
        const query = field(params, "query") ?? null;
        this.ops.set(`${m.key.toUpperCase()} ${p.key}`, {
          body:
            body && !(body.k === "name" && (body.name === "undefined" || body.name === "never"))
              ? body
              : null,
          query: query && query.k === "obj" ? query : null,
          responses,
        });
      }
    }
  }

  /** Loads the spec from `discord-api-spec`; null when the package is not installed. */
  static load(): Promise<SpecOracle | null> {
    SpecOracle.loading ??= SpecOracle.loadUncached();
    return SpecOracle.loading;
  }

  private static loading: Promise<SpecOracle | null> | undefined;

  private static async loadUncached(): Promise<SpecOracle | null> {
    try {
      const specifier = "discord-api-spec/zod";
      const schemas = (await import(specifier)) as Record<string, unknown>;
      const src = findSpecSource();
      if (!src) return null;
      const text = readFileSync(src, "utf8");
      const start = text.indexOf("export interface Paths {");
      if (start < 0) return null;
      const parser = new TypeParser(text.slice(start + "export interface Paths ".length));
      parser["take"]("{");
      return new SpecOracle(parser.object(), schemas);
    } catch {
      return null;
    }
  }

  knows(method: string, route: string): boolean {
    return this.ops.has(`${method} ${route}`);
  }

  get routeCount(): number {
    return this.ops.size;
  }

  private schema(t: TypeNode): Schema {
    const hit = this.cache.get(t);
    if (hit) return hit;
    let s: Schema;
    switch (t.k) {
      case "name": {
        const prim: Record<string, () => Schema> = {
          string: () => z.string(),
          number: () => z.number(),
          boolean: () => z.boolean(),
          null: () => z.null(),
          unknown: () => z.unknown(),
          any: () => z.unknown(),
          undefined: () => z.undefined(),
          never: () => z.never(),
          Record: () => z.record(z.string(), z.unknown()),
        };
        const p = prim[t.name];
        const named = this.schemas[`${t.name}Schema`] as Schema | undefined;
        s = p ? p() : (named ?? z.unknown());
        break;
      }
      case "lit":
        s = z.literal(t.value);
        break;
      case "arr":
        s = z.array(this.schema(t.of));
        break;
      case "tuple":
        s = z.array(z.unknown());
        break;
      case "union": {
        const members = t.of.map((x) => this.schema(x));
        s = members.length === 1 ? (members[0] as Schema) : z.union(members as [Schema, Schema, ...Schema[]]);
        break;
      }
      case "obj": {
        const shape: Record<string, Schema> = {};
        for (const f of t.fields)
          if (f.key !== "*")
            shape[f.key] = f.optional ? z.optional(this.schema(f.type)) : this.schema(f.type);
        s = z.object(shape);
        break;
      }
    }
    this.cache.set(t, s);
    return s;
  }

  private check(t: TypeNode, value: unknown): { path: string; message: string }[] {
    const r = z.safeParse(this.schema(t), value);
    if (r.success) return [];
    return r.error.issues
      .filter((i) => !tolerable(i as unknown as Issue, value, []))
      .map((i) => ({
        path: i.path.map(String).join(".") || "(root)",
        message: describe(i as unknown as Issue & { message: string }),
      }));
  }

  validateRequest(
    method: string,
    route: string,
    query: URLSearchParams,
    body: unknown,
  ): { path: string; message: string }[] {
    const op = this.ops.get(`${method} ${route}`);
    if (!op) return [{ path: "(route)", message: `${method} ${route} is not in Discord's OpenAPI spec` }];
    const issues: { path: string; message: string }[] = [];
    for (const [k, v] of query) {
      const f = op.query?.k === "obj" ? op.query.fields.find((x) => x.key === k) : undefined;
      if (!f) {
        issues.push({ path: `query.${k}`, message: `unknown query parameter ${k}` });
        continue;
      }
      const bad = queryValueProblem(f.type, v);
      if (bad) issues.push({ path: `query.${k}`, message: bad });
    }
    if (body !== undefined) {
      if (!op.body) issues.push({ path: "(body)", message: `${method} ${route} takes no body` });
      else
        issues.push(
          ...this.check(op.body, body).map((i) => ({ path: `body.${i.path}`, message: i.message })),
        );
    }
    return issues;
  }

  validateResponse(
    method: string,
    route: string,
    status: number,
    body: unknown,
  ): { path: string; message: string }[] {
    const op = this.ops.get(`${method} ${route}`);
    if (!op) return [];
    const t =
      op.responses.get(String(status)) ??
      (status >= 400 && status < 500 && status !== 429 ? op.responses.get("4XX") : undefined);
    if (!t)
      return status === 429
        ? []
        : [
            {
              path: "(status)",
              message: `status ${status} is not a documented response of ${method} ${route}`,
            },
          ];
    if (status === 204) return body === undefined ? [] : [{ path: "(body)", message: "204 with a body" }];
    return this.check(t, body).map((i) => ({ path: `response.${i.path}`, message: i.message }));
  }
}

interface Issue {
  code: string;
  path: PropertyKey[];
  expected?: string;
  errors?: Issue[][];
}

function describe(i: Issue & { message: string }): string {
  if (i.code === "invalid_type") return `expected ${i.expected ?? "another type"}`;
  if (i.code === "invalid_union") return "matches none of the allowed shapes";
  if (i.code === "invalid_value") return "not one of the allowed values";
  if (i.code === "too_big" || i.code === "too_small") return `${i.code.replace("_", " ")}`;
  return i.message === "Invalid input" ? i.code : i.message;
}

function at(value: unknown, path: PropertyKey[]): unknown {
  let v = value;
  for (const p of path) v = v !== null && typeof v === "object" ? (v as Json)[p as string] : undefined;
  return v;
}

/** Discord accepts int64 fields (permission bits) as numeric strings, as discord.js sends them. */
function tolerable(issue: Issue, root: unknown, base: PropertyKey[]): boolean {
  const full = [...base, ...issue.path];
  if (issue.code === "invalid_type" && (issue.expected === "number" || issue.expected === "int")) {
    const v = at(root, full);
    return typeof v === "string" && /^-?\d+$/.test(v);
  }
  if (issue.code === "invalid_union" && issue.errors)
    return issue.errors.some((branch) => branch.every((i) => tolerable(i, root, full)));
  return false;
}

function queryValueProblem(t: TypeNode, v: string): string | null {
  const names = t.k === "union" ? t.of : [t];
  for (const n of names) {
    if (n.k !== "name") return null;
    if (n.name === "number" && v !== "" && Number.isFinite(Number(v))) return null;
    if (n.name === "boolean" && (v === "true" || v === "false")) return null;
    if (n.name === "SnowflakeType" && /^\d+$/.test(v)) return null;
    if (n.name === "string" || (n.name !== "number" && n.name !== "boolean" && n.name !== "SnowflakeType"))
      return null;
  }
  return `invalid value ${JSON.stringify(v)}`;
}
