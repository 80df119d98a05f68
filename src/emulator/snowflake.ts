/** Discord's epoch (2015-01-01T00:00:00Z). */
export const DISCORD_EPOCH = 1_420_070_400_000n;
/** The fixed "creation time" origin of emulator ids: 2024-01-01T00:00:00Z. */
const BASE_MS = 1_704_067_200_000n - DISCORD_EPOCH;

/**
 * Deterministic snowflakes: the n-th id of an emulator is ((BASE + n) << 22) | (n & 0xfff).
 * The timestamp part grows by one millisecond per id, so ids sort by creation and
 * `(guild_id >> 22) % shard_count` spreads successive guilds over shards.
 */
export class SnowflakeGenerator {
  private n = 0n;
  constructor(start = 1) {
    this.n = BigInt(start);
  }
  next(): string {
    const n = this.n++;
    return (((BASE_MS + n) << 22n) | (n & 0xfffn)).toString();
  }
}

export function snowflakeTimestamp(id: string): number {
  return Number((BigInt(id) >> 22n) + DISCORD_EPOCH);
}

export function shardOf(guildId: string, shardCount: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(shardCount));
}
