import type { Interaction } from "discord.js";
import { safeName } from "../render/names.js";

/**
 * The interacting member's shown name as the game stores it: the server nickname, else the
 * global name, else the username; cleaned of invisible and bidi characters, capped.
 */
export function shownNameOf(interaction: Interaction): string {
  const member = interaction.member;
  return safeName(
    (member && "displayName" in member ? member.displayName : null) ??
      interaction.user.globalName ??
      interaction.user.username,
    "plain",
  );
}
