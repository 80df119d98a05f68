export * from "./guilds.js";
export * from "./games.js";
export * from "./players.js";
export * from "./phases.js";
export * from "./log.js";
export * from "./discord.js";
export * from "./masks.js";
export * from "./console.js";
