import type { Emulator } from "../../src/emulator/index.js";
import type { Lang } from "../../src/engine/types.js";

/**
 * Everything the bot shows people in the emulator, as they would read it: messages (content,
 * embeds, buttons, select menus, attachment names; every version of an edited message, ephemeral
 * ones included), channel and thread names, autocomplete choices and modals. `check` finds what
 * a player should never read: raw ids, phase or catalog keys, the other language, empty fields,
 * mentions that do not render.
 */

type Json = Record<string, unknown>;

export interface Seen {
  /** Where it was shown: "message content", "button", "choice", "channel name", … */
  where: string;
  text: string;
  /** Whether Discord renders `<@id>` there (message content, embed description and field values). */
  mentions: boolean;
  /** The channel a message was posted in. */
  channel?: string;
}

const arr = (v: unknown): Json[] => (Array.isArray(v) ? (v as Json[]) : []);
const str = (v: unknown): string => (typeof v === "string" ? v : "");

function fromComponents(rows: Json[], out: Seen[]): void {
  for (const row of rows) {
    for (const c of [row, ...arr(row["components"])]) {
      if (c === row && arr(row["components"]).length > 0) continue;
      const type = Number(c["type"]);
      if (type === 2 && str(c["label"]))
        out.push({ where: "button", text: str(c["label"]), mentions: false });
      if (type === 3 || type === 5 || type === 6 || type === 7 || type === 8) {
        if (str(c["placeholder"]))
          out.push({ where: "select", text: str(c["placeholder"]), mentions: false });
        for (const o of arr(c["options"])) {
          out.push({ where: "select option", text: str(o["label"]), mentions: false });
          if (str(o["description"]))
            out.push({ where: "select option", text: str(o["description"]), mentions: false });
        }
      }
      if (type === 4 && str(c["label"]))
        out.push({ where: "modal field", text: str(c["label"]), mentions: false });
    }
  }
}

export function fromMessage(m: Json, out: Seen[]): void {
  if (str(m["content"])) out.push({ where: "message content", text: str(m["content"]), mentions: true });
  for (const e of arr(m["embeds"])) {
    if (str(e["title"])) out.push({ where: "embed title", text: str(e["title"]), mentions: false });
    if (str(e["description"])) out.push({ where: "embed", text: str(e["description"]), mentions: true });
    for (const f of arr(e["fields"])) {
      out.push({ where: "embed field name", text: str(f["name"]), mentions: false });
      out.push({ where: "embed field", text: str(f["value"]), mentions: true });
    }
    const footer = e["footer"] as Json | undefined;
    if (footer && str(footer["text"]))
      out.push({ where: "embed footer", text: str(footer["text"]), mentions: false });
    const author = e["author"] as Json | undefined;
    if (author && str(author["name"]))
      out.push({ where: "embed author", text: str(author["name"]), mentions: false });
  }
  fromComponents(arr(m["components"]), out);
  for (const a of arr(m["attachments"]))
    out.push({ where: "attachment name", text: str(a["filename"]), mentions: false });
}

/** Collects what the bot shows from now on; `stop()` returns it (with the interactions' answers). */
export function collectShown(emu: Emulator): { stop(): Seen[] } {
  const since = Date.now();
  const bot = emu.state.bot.id;
  const out: Seen[] = [];
  let on = true;
  emu.state.onDispatch((event, data) => {
    if (!on) return;
    if (event === "MESSAGE_CREATE" || event === "MESSAGE_UPDATE") {
      const author = data["author"] as Json | undefined;
      // The bot's own posts (players' words relayed under masks are theirs, not the bot's).
      if (author?.["id"] !== bot || data["webhook_id"]) return;
      const from = out.length;
      fromMessage(data, out);
      for (const seen of out.slice(from)) seen.channel = str(data["channel_id"]);
    }
    if (/^(CHANNEL|THREAD)_(CREATE|UPDATE)$/.test(event) && str(data["name"]))
      out.push({ where: "channel name", text: str(data["name"]), mentions: false });
  });
  return {
    stop() {
      on = false;
      for (const rec of emu.interactions.byId.values()) {
        if (rec.createdAt < since) continue;
        for (const e of rec.events) {
          if (e.kind !== "callback") continue;
          if (e.type === 8)
            for (const c of arr(e.data?.["choices"]))
              out.push({ where: `choice of /${rec.commandName}`, text: str(c["name"]), mentions: false });
          if (e.type === 9) {
            if (str(e.data?.["title"]))
              out.push({ where: "modal title", text: str(e.data?.["title"]), mentions: false });
            fromComponents(arr(e.data?.["components"]), out);
          }
        }
      }
      return out;
    },
  };
}

/** Technical words a Russian text keeps as they are (the hash, the log file, the README). */
const TECHNICAL = new Set(["SHA-256", "SHA", "README", "game-log", "json", "txt", "GM"]);

/** What is wrong with a shown text for a reader of `lang`; `names` are the table's own words. */
export function problems(seen: Seen, lang: Lang, names: ReadonlySet<string>): string[] {
  const text = seen.text;
  const found: string[] = [];
  // Identifiers: snake_case keys and ids, seat ids, dotted catalog keys, phase keys ("night 0").
  const plain = text
    .replace(/<[@#][!&]?\d+>/g, "")
    .replace(/https?:\/\/\S+/g, "")
    .replace(/`[^`]*`/g, "");
  const snake = /(?<![\w.-])[a-z]+_[a-z0-9_]+(?![\w-])/.exec(plain);
  if (snake && !/\.(json|txt|png)$/.test(snake[0]) && !names.has(snake[0])) found.push(`raw id ${snake[0]}`);
  if (/(?<![\w-])p\d+(?![\w-])/.test(plain)) found.push("raw seat id");
  const key = /\b[a-z]+\.[a-z_]+\.[a-z_.]+\b/.exec(plain);
  if (key && !/\.(json|txt|png)$/.test(key[0])) found.push(`catalog key ${key[0]}`);
  if (/\b(night|day|prologue|session|round) \d+\b/.test(plain) && lang === "ru") found.push("phase key");
  if (lang === "en" && /[А-Яа-яЁё]/.test(plain)) found.push("Russian in an English game");
  if (lang === "ru" && seen.where !== "attachment name") {
    const latin = (plain.match(/[A-Za-z][A-Za-z0-9'-]*[A-Za-z0-9]/g) ?? []).filter(
      (w) => /[A-Za-z]{3}/.test(w) && !names.has(w) && !TECHNICAL.has(w),
    );
    if (latin.length > 0) found.push(`English in a Russian game: ${[...new Set(latin)].join(" ")}`);
  }
  if (text.trim() === "") found.push("empty text");
  // A label that is nothing but an id ("britonia", "ksb"): a choice, option or button left unnamed.
  if (
    !seen.mentions &&
    seen.where !== "channel name" &&
    /^[a-z][a-z0-9_]*$/.test(text.trim()) &&
    !names.has(text.trim())
  )
    found.push(`raw id ${text.trim()}`);
  for (const line of text.split("\n")) {
    // "Article: .", "A4: " — a label whose value came out empty.
    if (/:\s*[.,;]\s*$/.test(line) || /^\s*\S{1,12}:\s*$/.test(line)) found.push(`empty field «${line}»`);
    if (/^\s*[-•*]\s*$/.test(line)) found.push("empty list item");
  }
  if (/‹@|&lt;@/.test(text)) found.push("escaped mention");
  if (!seen.mentions && /<[@#][!&]?\d+>/.test(text)) found.push("mention where Discord does not render it");
  return found;
}
