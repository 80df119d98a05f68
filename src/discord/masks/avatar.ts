import { createHash } from "node:crypto";

/**
 * A mask's avatar: a symmetric 5×5 identicon drawn from a hash of its key (`mask:<seed>:<name>` or
 * `appearance:<game>:<appearance>`), so the same mask or appearance always looks the same and a
 * double who takes an appearance takes its face too. Nothing of the account goes into the key.
 */

export const AVATAR_SIZE = 256;

export interface Identicon {
  /** Hue in degrees, and which cells of the left half (3 columns × 5 rows) are filled. */
  hue: number;
  cells: boolean[];
}

export function identicon(key: string): Identicon {
  const hash = createHash("sha256").update(key).digest();
  const cells: boolean[] = [];
  for (let i = 0; i < 15; i++) cells.push(((hash[1 + i] ?? 0) & 1) === 1);
  if (!cells.some(Boolean)) cells[7] = true;
  return { hue: Math.round((((hash[0] ?? 0) << 8) | (hash[16] ?? 0)) % 360), cells };
}

/**
 * The identicon as a PNG. The canvas library (Skia, about 20 MB resident) loads on the first
 * avatar, not with the bot: most of the bot's life draws none.
 */
export async function avatarPng(key: string): Promise<Buffer> {
  const { createCanvas } = await import("@napi-rs/canvas");
  const { hue, cells } = identicon(key);
  const canvas = createCanvas(AVATAR_SIZE, AVATAR_SIZE);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = `hsl(${hue}, 25%, 92%)`;
  ctx.fillRect(0, 0, AVATAR_SIZE, AVATAR_SIZE);
  ctx.fillStyle = `hsl(${hue}, 60%, 45%)`;
  const margin = 28;
  const cell = (AVATAR_SIZE - 2 * margin) / 5;
  for (let row = 0; row < 5; row++) {
    for (let col = 0; col < 3; col++) {
      if (!cells[row * 3 + col]) continue;
      for (const x of new Set([col, 4 - col])) {
        ctx.fillRect(margin + x * cell, margin + row * cell, Math.ceil(cell), Math.ceil(cell));
      }
    }
  }
  return canvas.encode("png");
}

/** A file name that says nothing about the seat or the account. */
export function avatarFilename(key: string): string {
  return `mask-${createHash("sha256").update(key).digest("hex").slice(0, 12)}.png`;
}
