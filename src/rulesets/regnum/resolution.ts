import type { ResolutionStep } from "../../engine/ruleset.js";
import { doublesOccupancy, resolveAppearanceChanges } from "./appearances.js";
import { resolveAppointments } from "./appointments.js";
import { fixUnitActivity, resolvePeace, resolveTroopArrivals } from "./armies.js";
import { resolveKillings, resolveProtections } from "./attacks.js";
import { enforceSquadCap, resolveBattles, resolveCaptures } from "./battles.js";
import { reconcile } from "./chats.js";
import { resolveDetentions } from "./detention.js";
import { closeAnswerWindows } from "./interrogation.js";
import { resolveInformation } from "./investigation.js";
import { deliverMail } from "./mail.js";
import { cancelUnableOrders, queueFreeformOrders } from "./orders.js";
import { resolveForcedInvitations } from "./palace.js";
import { advancePhase } from "./phase.js";
import { resolveRecruitment } from "./recruitment.js";
import type { RState } from "./state.js";
import { resolveTheft } from "./theft.js";
import { resolveTravel } from "./travel.js";

/**
 * The resolution at the deadline (§3.5): the ordered pipeline of steps, one named step per item in
 * the rules file's order. Each step lives in the file of its mechanic.
 */

function travelAndArrivals(state: RState): void {
  resolveTravel(state);
  resolveTroopArrivals(state);
}

function chatsAndFreeformOrders(state: RState): void {
  reconcile(state);
  queueFreeformOrders(state);
}

function nextPhase(state: RState): void {
  if (state.ended) return;
  advancePhase(state);
}

export const resolution: readonly ResolutionStep<RState>[] = [
  { name: "1. cancel orders of unable actors; pay orchium", run: cancelUnableOrders },
  { name: "2. mail delivery", run: deliverMail },
  { name: "3. appointments: Director, Magister", run: resolveAppointments },
  { name: "4. peace treaties", run: resolvePeace },
  { name: "5. unit activity fixed", run: fixUnitActivity },
  { name: "6. information moves and case file", run: resolveInformation },
  { name: "7. protections", run: resolveProtections },
  { name: "8. detentions and releases", run: resolveDetentions },
  { name: "9. recruitment and de-recruitment", run: resolveRecruitment },
  { name: "10. robbery, theft, embezzlement", run: resolveTheft },
  { name: "11. forced palace invitations", run: resolveForcedInvitations },
  { name: "12. killing orders", run: resolveKillings },
  { name: "13. battles", run: resolveBattles },
  { name: "14. capture", run: resolveCaptures },
  { name: "15. squad cap", run: enforceSquadCap },
  { name: "16. travel and troop arrivals", run: travelAndArrivals },
  { name: "17. appearance changes", run: resolveAppearanceChanges },
  { name: "18. doubles occupancy", run: doublesOccupancy },
  { name: "19. interrogation windows", run: closeAnswerWindows },
  { name: "20. chat access reconciliation", run: chatsAndFreeformOrders },
  { name: "next phase", run: nextPhase },
];
