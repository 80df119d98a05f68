import type { REST } from "@discordjs/rest";
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, Routes } from "discord.js";
import type { OutboxButton } from "../games/service.js";

/**
 * The message parts of the outbox: Discord's length limit, a long text split into messages, the
 * nonce that makes a retry post nothing twice, and the buttons an effect carries.
 */

/** Discord's message length limit. */
export const MESSAGE_LIMIT = 2000;

/** Splits text at line breaks (or hard at the limit) into messages Discord accepts. */
export function splitMessage(text: string, limit = MESSAGE_LIMIT): string[] {
  const parts: string[] = [];
  let current = "";
  for (const line of text.split("\n")) {
    const pieces = line.length > limit ? (line.match(new RegExp(`[\\s\\S]{1,${limit}}`, "g")) ?? []) : [line];
    for (const piece of pieces) {
      const next = current ? `${current}\n${piece}` : piece;
      if (next.length > limit) {
        if (current) parts.push(current);
        current = piece;
      } else current = next;
    }
  }
  if (current || parts.length === 0) parts.push(current || "\u200b");
  return parts;
}

/** A nonce Discord accepts (≤ 25 characters), unique per outbox row and part. */
export function nonceOf(outboxId: number, part: number): string {
  return `o${outboxId.toString(36)}p${part}`;
}

/**
 * A text too long for one message as its parts, in order, each with its own nonce (a retry posts
 * none twice); the components and files go with the last part.
 */
export async function postParts(
  rest: REST,
  channelId: string,
  outboxId: number,
  parts: string[],
  last: { components?: unknown[]; files?: { name: string; data: Buffer }[] },
): Promise<void> {
  for (const [part, content] of parts.entries()) {
    const isLast = part === parts.length - 1;
    await rest.post(Routes.channelMessages(channelId), {
      body: {
        content,
        nonce: nonceOf(outboxId, part),
        enforce_nonce: true,
        allowed_mentions: { parse: [] },
        ...(isLast && last.components ? { components: last.components } : {}),
      },
      ...(isLast && last.files ? { files: last.files } : {}),
    });
  }
}

const BUTTON_STYLES = {
  primary: ButtonStyle.Primary,
  secondary: ButtonStyle.Secondary,
  success: ButtonStyle.Success,
  danger: ButtonStyle.Danger,
} as const;

export function buttonRow(buttons: readonly OutboxButton[]) {
  return new ActionRowBuilder<ButtonBuilder>()
    .addComponents(
      buttons.map((b) =>
        new ButtonBuilder().setCustomId(b.id).setStyle(BUTTON_STYLES[b.style]).setLabel(b.label.slice(0, 80)),
      ),
    )
    .toJSON();
}
