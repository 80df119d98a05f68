import { z } from "zod";
import { emitEvent, emitPrivate, playerOrThrow } from "../../engine/helpers.js";
import type { ActionInput, Rejection } from "../../engine/types.js";
import { dead, learn, underground } from "./characters.js";
import { reject } from "./rejections.js";
import { both, type InputOf, paramsOf, playerAction } from "./spec.js";
import type { RPlayer, RState } from "./state.js";
import { inEnemyCountry } from "./travel.js";

/** Mail (§5.11): letters, parcels and money transfers, queued at once and delivered at step 2. */

const parcel = paramsOf({
  crowns: z.number().int().min(0).default(0),
  items: z.array(z.string()).default([]),
});
const moneyTransfer = paramsOf({ crowns: z.number().int().min(1).default(1) });

/** Letters, parcels and transfers. */
export const mailActions = {
  // ------------------------------------------------------------ §5.11 mail
  send_letter: playerAction(paramsOf({ text: z.string().default("") }), {
    kind: "free",
    targets: "one",
    who: mailCheck,
    run: (state, actor, input) => queueMail(state, actor, input, "letter", 0, []),
  }),
  send_parcel: playerAction(parcel, {
    kind: "free",
    targets: "one",
    who: both(mailCheck, (_state, actor, input: InputOf<typeof parcel>) => {
      if (input.params.crowns > actor.crowns) return reject("no_crowns", "noCrowns");
      const left = [...actor.items];
      for (const item of input.params.items) {
        const index = left.indexOf(item);
        if (index < 0) return reject("no_item", "noItem", { item });
        left.splice(index, 1);
      }
      return null;
    }),
    run: (state, actor, input) =>
      queueMail(state, actor, input, "parcel", input.params.crowns, [...input.params.items]),
  }),
  transfer: playerAction(moneyTransfer, {
    kind: "free",
    targets: "one",
    who: both(mailCheck, (_state, actor, input: InputOf<typeof moneyTransfer>) =>
      input.params.crowns > actor.crowns ? reject("no_crowns", "noCrowns") : null,
    ),
    run: (state, actor, input) => queueMail(state, actor, input, "transfer", input.params.crowns, []),
  }),
};

function mailCheck(state: RState, actor: RPlayer): Rejection | null {
  if (underground(actor)) return reject("underground_mail", "undergroundMail");
  if (inEnemyCountry(state, actor)) return reject("enemy_mail", "enemyMail");
  return null;
}

function queueMail(
  state: RState,
  actor: RPlayer,
  input: ActionInput,
  kind: "letter" | "parcel" | "transfer",
  crowns: number,
  items: string[],
): void {
  actor.crowns -= crowns;
  for (const it of items) {
    const index = actor.items.indexOf(it);
    if (index >= 0) actor.items.splice(index, 1);
  }
  state.data.mail.push({
    from: actor.id,
    to: input.targets[0] as string,
    kind,
    // A letter's text; a parcel or a transfer carries one too when given (a key kept as sent).
    text: typeof input.params["text"] === "string" ? input.params["text"] : "",
    crowns,
    items,
    phase: `${state.phase.kind} ${state.phase.n}`,
    status: "pending",
  });
}

/** Step 2. */
export function deliverMail(state: RState): void {
  for (const m of state.data.mail) {
    if (m.status !== "pending") continue;
    const to = playerOrThrow(state, m.to);
    const lost = dead(to) || underground(to) || inEnemyCountry(state, to);
    m.status = lost ? "lost" : "delivered";
    if (lost) {
      emitEvent(state, "mail_lost", { from: m.from, to: m.to, kind: m.kind });
      continue;
    }
    to.crowns += m.crowns;
    to.items.push(...m.items);
    const from = playerOrThrow(state, m.from);
    learn(to, from.currentAppearance);
    emitEvent(state, "mail_delivered", { from: m.from, to: m.to, kind: m.kind });
    emitPrivate(state, m.to, "relay", {
      session: null,
      from: from.currentAppearance,
      text: m.text,
      mail: m.kind,
      crowns: m.crowns,
      items: [...m.items],
    });
  }
}
