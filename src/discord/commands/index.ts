import type { Command } from "../context.js";
import { command as extension } from "./extension.js";
import { command as game } from "./game.js";
import { command as gm } from "./gm.js";
import { command as help } from "./help.js";
import { command as order } from "./order.js";
import { command as orders } from "./orders.js";
import { command as role } from "./role.js";
import { command as rules } from "./rules.js";
import { command as say } from "./say.js";
import { command as settings } from "./settings.js";
import { command as stats } from "./stats.js";
import { command as vote } from "./vote.js";

/** Every slash command of the bot; registration sends `commands.map((c) => c.data.toJSON())`. */
export const commands: readonly Command[] = [
  game,
  order,
  orders,
  role,
  rules,
  vote,
  extension,
  gm,
  settings,
  stats,
  say,
  help,
];

export const commandsByName: ReadonlyMap<string, Command> = new Map(commands.map((c) => [c.data.name, c]));
