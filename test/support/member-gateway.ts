import WebSocket from "ws";
import type { Account, Emulator } from "../../src/emulator/index.js";

export interface Dispatch {
  t: string;
  d: Record<string, unknown>;
}

/**
 * A member's own client on the gateway (identified with his token, as a user account: every
 * event Discord sends him), keeping every dispatch it receives from READY on.
 */
export async function memberGateway(
  emu: Emulator,
  account: Account,
): Promise<{ events: Dispatch[]; since(mark: number): Dispatch[]; close(): void }> {
  const events: Dispatch[] = [];
  const ws = new WebSocket(`${emu.gatewayUrl}?v=10&encoding=json`);
  await new Promise<void>((resolve, reject) => {
    ws.on("message", (raw: WebSocket.RawData) => {
      const payload = JSON.parse(String(raw)) as { op: number; t?: string; d?: Record<string, unknown> };
      if (payload.op === 10) ws.send(JSON.stringify({ op: 2, d: { token: account.token, properties: {} } }));
      else if (payload.op === 0 && payload.t) {
        events.push({ t: payload.t, d: payload.d ?? {} });
        if (payload.t === "READY") resolve();
      }
    });
    ws.on("error", reject);
  });
  return { events, since: (mark) => events.slice(mark), close: () => ws.close() };
}
