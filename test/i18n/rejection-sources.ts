/**
 * Finds every rejection the engine and the rulesets can produce, by reading their source with the
 * TypeScript parser (no hand-kept list): each call of the engine's `rejection` / `malformed` /
 * `engineRejection`, with its id and reason folded to constants. A reason that flows through a
 * parameter (`R(id, reason)`, `needRole(role, label)`, clans' `reject(id)` reading `REASONS[id]`)
 * is followed to every call site of that function; a part that is only known at run time
 * (`${input.action}`, a zod message) becomes a marker `zqN` that a translation must keep.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

export interface FoundRejection {
  /** `<ruleset>.<id>` (`engine.<id>`; `*.<id>` for the engine's shared GM actions). */
  code: string;
  /** The English reason, with run-time parts replaced by markers `zq1`, `zq2`, … */
  reason: string;
  /** The markers the reason contains. */
  markers: string[];
  /** file:line of the call that builds it. */
  at: string;
}

const ROOT = resolve(import.meta.dirname, "../..");
const BASES: Record<
  string,
  { file: string; id: number; reason: number; code: (ns: string, id: string) => string }
> = {
  rejection: { file: "src/engine/helpers.ts", id: 1, reason: 2, code: (ns, id) => `${ns}.${id}` },
  malformed: { file: "src/engine/helpers.ts", id: 1, reason: 2, code: (ns, id) => `${ns}.malformed.${id}` },
  engineRejection: { file: "src/engine/game.ts", id: 0, reason: 1, code: (_ns, id) => `engine.${id}` },
};
const MAX_VALUES = 64;

type Fn = ts.FunctionDeclaration | ts.ArrowFunction | ts.FunctionExpression | ts.MethodDeclaration;
interface Source {
  path: string;
  sf: ts.SourceFile;
  /** Local name → repo-relative file it is imported from. */
  imports: Map<string, string>;
  calls: ts.CallExpression[];
}

export function rejectionSourceFiles(): string[] {
  const files = ["src/engine/game.ts", "src/engine/helpers.ts"];
  const rulesets = join(ROOT, "src/rulesets");
  for (const dir of readdirSync(rulesets, { withFileTypes: true })) {
    if (!dir.isDirectory()) continue;
    for (const f of readdirSync(join(rulesets, dir.name))) {
      if (f.endsWith(".ts") && !f.endsWith(".test.ts")) files.push(`src/rulesets/${dir.name}/${f}`);
    }
  }
  return files.sort();
}

function load(path: string): Source {
  const sf = ts.createSourceFile(path, readFileSync(join(ROOT, path), "utf8"), ts.ScriptTarget.ES2022, true);
  const imports = new Map<string, string>();
  const calls: ts.CallExpression[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const target = relative(ROOT, resolve(ROOT, dirname(path), node.moduleSpecifier.text)).replace(
        /\.js$/,
        ".ts",
      );
      const named = node.importClause?.namedBindings;
      if (named && ts.isNamedImports(named))
        for (const el of named.elements) imports.set(el.name.text, target);
    }
    if (ts.isCallExpression(node)) calls.push(node);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return { path, sf, imports, calls };
}

function calleeName(call: ts.CallExpression): string | undefined {
  return ts.isIdentifier(call.expression) ? call.expression.text : undefined;
}

function fnName(fn: Fn): string | undefined {
  if (ts.isFunctionDeclaration(fn)) return fn.name?.text;
  if (ts.isMethodDeclaration(fn)) return undefined;
  const parent = fn.parent;
  return ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name) ? parent.name.text : undefined;
}

function isFn(node: ts.Node): node is Fn {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isArrowFunction(node) ||
    ts.isFunctionExpression(node) ||
    ts.isMethodDeclaration(node)
  );
}

export function collectRejections(): FoundRejection[] {
  const sources = new Map(rejectionSourceFiles().map((p) => [p, load(p)]));
  let markerCount = 0;
  const marker = () => `zq${++markerCount}`;

  /** Is this call's callee the function `name` defined in `defFile`? */
  const callsDefinition = (src: Source, call: ts.CallExpression, name: string, defFile: string) =>
    calleeName(call) === name && (src.path === defFile || src.imports.get(name) === defFile);

  const sourceOf = (node: ts.Node): Source => sources.get(node.getSourceFile().fileName) as Source;

  /** Where an identifier is declared, walking out through enclosing scopes of its own file. */
  function declarationOf(id: ts.Identifier): ts.Node | undefined {
    let scope: ts.Node | undefined = id.parent;
    while (scope) {
      if (isFn(scope)) {
        const p = scope.parameters.find((q) => ts.isIdentifier(q.name) && q.name.text === id.text);
        if (p) return p;
      }
      if (ts.isBlock(scope) || ts.isSourceFile(scope)) {
        for (const st of scope.statements) {
          if (ts.isVariableStatement(st)) {
            for (const d of st.declarationList.declarations)
              if (ts.isIdentifier(d.name) && d.name.text === id.text) return d;
          }
        }
      }
      scope = scope.parent;
    }
    return undefined;
  }

  const unwrap = (e: ts.Expression): ts.Expression =>
    ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e)
      ? unwrap(e.expression)
      : e;

  type Env = ReadonlyMap<ts.ParameterDeclaration, ts.Expression | undefined>;
  type Valued = [value: string, env: Env];

  /** Every constant value an expression can take, each with the parameter bindings it chose. */
  function values(expr: ts.Expression, env: Env, depth: number): Valued[] {
    if (depth > 40) return [[marker(), env]];
    const e = unwrap(expr);
    const d = depth + 1;
    if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e) || ts.isNumericLiteral(e))
      return [[e.text, env]];
    if (ts.isTemplateExpression(e)) {
      let acc: Valued[] = [[e.head.text, env]];
      for (const span of e.templateSpans) {
        acc = acc
          .flatMap(([a, en]) =>
            values(span.expression, en, d).map(([v, en2]): Valued => [a + v + span.literal.text, en2]),
          )
          .slice(0, MAX_VALUES);
      }
      return acc;
    }
    if (ts.isBinaryExpression(e)) {
      const op = e.operatorToken.kind;
      if (op === ts.SyntaxKind.PlusToken) {
        return values(e.left, env, d)
          .flatMap(([l, en]) => values(e.right, en, d).map(([r, en2]): Valued => [l + r, en2]))
          .slice(0, MAX_VALUES);
      }
      if (op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken)
        return [...values(e.left, env, d), ...values(e.right, env, d)];
    }
    if (ts.isConditionalExpression(e)) return [...values(e.whenTrue, env, d), ...values(e.whenFalse, env, d)];
    if (ts.isElementAccessExpression(e)) {
      const table = unwrap(e.expression);
      const decl = ts.isIdentifier(table) ? declarationOf(table) : undefined;
      const init =
        decl && ts.isVariableDeclaration(decl) && decl.initializer ? unwrap(decl.initializer) : undefined;
      if (init && ts.isObjectLiteralExpression(init)) {
        return values(e.argumentExpression, env, d).flatMap(([k, en]) => {
          const prop = init.properties.find(
            (p): p is ts.PropertyAssignment =>
              ts.isPropertyAssignment(p) &&
              (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) &&
              p.name.text === k,
          );
          return prop ? values(prop.initializer, en, d) : [[marker(), en]];
        });
      }
    }
    if (ts.isIdentifier(e)) {
      const decl = declarationOf(e);
      if (
        decl &&
        ts.isVariableDeclaration(decl) &&
        decl.initializer &&
        ts.isVariableDeclarationList(decl.parent)
      ) {
        const isConst = (decl.parent.flags & ts.NodeFlags.Const) !== 0;
        if (isConst && !isFn(unwrap(decl.initializer))) return values(decl.initializer, env, d);
      }
      if (decl && ts.isParameter(decl) && isFn(decl.parent)) return paramValues(decl.parent, decl, env, d);
    }
    return [[marker(), env]];
  }

  /** A parameter's values: its binding, or else those at every call site of its function. */
  function paramValues(fn: Fn, param: ts.ParameterDeclaration, env: Env, depth: number): Valued[] {
    if (env.has(param)) {
      const bound = env.get(param) ?? param.initializer;
      return bound ? values(bound, env, depth) : [[marker(), env]];
    }
    const name = fnName(fn);
    if (!name) return [[marker(), env]];
    const defFile = sourceOf(fn).path;
    const out: Valued[] = [];
    for (const src of sources.values()) {
      for (const call of src.calls) {
        if (!callsDefinition(src, call, name, defFile)) continue;
        const bound = new Map(env);
        fn.parameters.forEach((p, i) => bound.set(p, call.arguments[i]));
        out.push(...paramValues(fn, param, bound, depth));
      }
    }
    return out.length > 0 ? out : [[marker(), env]];
  }

  const found = new Map<string, FoundRejection>();
  for (const src of sources.values()) {
    const namespace = src.path.startsWith("src/rulesets/") ? (src.path.split("/")[2] ?? "?") : "*";
    for (const call of src.calls) {
      const name = calleeName(call);
      const base = name === undefined ? undefined : BASES[name];
      if (!name || !base || !callsDefinition(src, call, name, base.file)) continue;
      const idArg = call.arguments[base.id];
      const reasonArg = call.arguments[base.reason];
      if (!idArg || !reasonArg) continue;
      // The engine's own definitions (`return { code: ..., reason }` wrappers) are not calls.
      const at = `${src.path}:${src.sf.getLineAndCharacterOfPosition(call.getStart()).line + 1}`;
      for (const [reason, env] of values(reasonArg, new Map(), 0)) {
        for (const [id] of values(idArg, env, 0)) {
          const code = base.code(namespace, id);
          const markers = reason.match(/zq\d+/g) ?? [];
          found.set(`${code}\u0000${reason}`, { code, reason, markers, at });
        }
      }
    }
  }
  return [...found.values()];
}
