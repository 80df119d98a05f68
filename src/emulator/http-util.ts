import type { IncomingMessage } from "node:http";
import type { FileUpload } from "./state/index.js";

export function readBody(req: IncomingMessage, max = 32 * 1024 * 1024): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size > max) {
        reject(new Error("Request entity too large"));
        req.destroy();
      } else chunks.push(c);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

export interface ParsedBody {
  json: unknown;
  files: FileUpload[];
  multipart: boolean;
}

/** Parses a JSON or multipart/form-data body (payload_json + files[n]) as Discord accepts them. */
export function parseBody(contentType: string | undefined, raw: Buffer): ParsedBody {
  const ct = contentType ?? "";
  if (ct.startsWith("multipart/form-data")) {
    const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(ct);
    const b = boundary?.[1] ?? boundary?.[2];
    if (!b) throw new SyntaxError("multipart body without boundary");
    const files: FileUpload[] = [];
    let json: unknown = undefined;
    const fields: Record<string, string> = {};
    const delim = Buffer.from(`--${b}`);
    let pos = raw.indexOf(delim);
    while (pos !== -1) {
      const start = pos + delim.length;
      if (raw.subarray(start, start + 2).toString() === "--") break;
      const headerEnd = raw.indexOf("\r\n\r\n", start);
      if (headerEnd === -1) break;
      const next = raw.indexOf(delim, headerEnd);
      if (next === -1) break;
      const headers = raw.subarray(start + 2, headerEnd).toString("utf8");
      const content = raw.subarray(headerEnd + 4, next - 2);
      const name = /name="([^"]*)"/i.exec(headers)?.[1] ?? "";
      const filename = /filename="([^"]*)"/i.exec(headers)?.[1];
      const type = /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim();
      if (filename !== undefined)
        files.push({ name, filename, contentType: type, data: Buffer.from(content) });
      else if (name === "payload_json") json = JSON.parse(content.toString("utf8"));
      else fields[name] = content.toString("utf8");
      pos = next;
    }
    if (json === undefined && Object.keys(fields).length) json = fields;
    return { json: json ?? {}, files, multipart: true };
  }
  if (!raw.length) return { json: undefined, files: [], multipart: false };
  return { json: JSON.parse(raw.toString("utf8")), files: [], multipart: false };
}

export interface RouteMatch<T> {
  route: T;
  params: Record<string, string>;
}

/** Matches `/a/{b}/c` templates; literal segments win over parameters. */
export function matchRoute<T extends { method: string; template: string }>(
  routes: T[],
  method: string,
  path: string,
): RouteMatch<T> | "method" | null {
  const segs = path.split("/").filter(Boolean);
  let best: { m: RouteMatch<T>; score: number } | null = null;
  let pathMatched = false;
  for (const r of routes) {
    const t = r.template.split("/").filter(Boolean);
    if (t.length !== segs.length) continue;
    const params: Record<string, string> = {};
    let score = 0;
    let ok = true;
    for (let i = 0; i < t.length; i++) {
      const ts = t[i] ?? "";
      // Clients may percent-encode segments (@discordjs/rest sends "@me" as "%40me").
      const s = decodeURIComponent(segs[i] ?? "");
      if (ts.startsWith("{")) params[ts.slice(1, -1)] = s;
      else if (ts === s) score++;
      else {
        ok = false;
        break;
      }
    }
    if (!ok) continue;
    pathMatched = true;
    if (r.method !== method) continue;
    if (!best || score > best.score) best = { m: { route: r, params }, score };
  }
  if (best) return best.m;
  return pathMatched ? "method" : null;
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
