import { emitEvent, playerOrThrow } from "../../engine/helpers.js";
import { free, hasRole, notice, sendResult, setStatus } from "./characters.js";
import { caseEntry } from "./investigation.js";
import { ordersOf, orderTarget } from "./orders.js";
import { actsPost, director } from "./posts.js";
import { reject } from "./rejections.js";
import { both, noParams, playerAction, targetOf } from "./spec.js";
import type { RState } from "./state.js";
import { statusGate } from "./statuses.js";

/** Recruitment into the Order and de-recruitment by the KSB (§5.1, §5.5; step 9), and the Magister's exclusion from the Order's chat. */

/** Recruitment, de-recruitment and exclusion. */
export const recruitmentActions = {
  ksb_derecruit: playerAction(noParams, { kind: "move", targets: "one", who: director }),
  recruit: playerAction(noParams, {
    kind: "move",
    targets: "one",
    who: actsPost("magister", "onlyMagister"),
  }),
  exclude_from_ozd: playerAction(noParams, {
    kind: "free",
    targets: "one",
    who: both(actsPost("magister", "onlyMagister"), (state, _a, input) => {
      const target = targetOf(state, input);
      const junior = hasRole(target, "junior_adept") && target.faction === "ozd";
      if (!(junior || target.ozdChatKept) || target.ozdChatExcluded) return reject("not_junior", "notJunior");
      return null;
    }),
    run(state, _a, input) {
      const target = targetOf(state, input);
      target.ozdChatExcluded = true;
      emitEvent(state, "ozd_chat_excluded", { player: target.id });
    },
  }),
};

/** Step 9. */
export function resolveRecruitment(state: RState): void {
  for (const order of ordersOf(state, "recruit", "ksb_derecruit")) {
    const actor = playerOrThrow(state, order.actor);
    const target = orderTarget(state, order);
    if (!target || !free(actor)) continue;
    if (order.action === "recruit") {
      const gate = statusGate(actor, target, "personal");
      if (gate || target.faction === "ozd") {
        sendResult(state, actor.id, order.action, target.id, gate ?? "failed");
        continue;
      }
      target.previousFaction = target.faction;
      target.faction = "ozd";
      if (target.role !== "junior_adept" && !target.roles.includes("junior_adept"))
        target.roles.push("junior_adept");
      setStatus(target, "recruited", true);
      target.ozdChatKept = false;
      notice(state, target.id, "recruited", {});
      emitEvent(state, "recruited", { player: target.id });
      sendResult(state, actor.id, order.action, target.id, "ok");
    } else {
      const gate = statusGate(actor, target, "info");
      if (gate) {
        sendResult(state, actor.id, order.action, target.id, gate);
        caseEntry(state, "ksb", order.action, actor.id, target.id, gate);
        continue;
      }
      if (hasRole(target, "junior_adept") && target.faction === "ozd") {
        const faction = target.previousFaction ?? "citizens";
        target.faction = faction;
        if (faction === "ksb") target.ksbPeriods += 1;
        if (target.role === "junior_adept")
          target.role = target.roles.find((r) => r !== "junior_adept") ?? "citizen";
        target.roles = target.roles.filter((r) => r !== "junior_adept" && r !== target.role);
        setStatus(target, "recruited", false);
        target.ozdChatKept = true;
        notice(state, target.id, "derecruited", {});
        emitEvent(state, "derecruited", { player: target.id, faction });
      }
      sendResult(state, actor.id, order.action, target.id, "done", {}, { reason: "derecruited" });
      caseEntry(state, "ksb", order.action, actor.id, target.id, "done");
    }
  }
}
