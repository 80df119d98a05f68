import type { PlayerId } from "../../engine/types.js";
import {
  cloneState,
  type HiddenVariation,
  isDeepStrictEqualJson,
  named,
  type Pick,
  sameRosters,
} from "../../engine/variations.js";
import { allRoles } from "./characters.js";
import { reconcile } from "./chats.js";
import { ensureStarted } from "./phase.js";
import { postInfo } from "./posts.js";
import type { RPlayer, RState } from "./state.js";
import { chatLayout, playerView } from "./view.js";

/**
 * Hidden variations of a regnum state for a viewer (issue 30; the test is properties.test.ts's
 * noninterference). Only §13.5's public lines are public: a death is told as «Найдено тело.»
 * without a name, going underground or abroad has no public line, roles and factions are secret
 * (except `options.publicRoles`), inventories are private. So for another character the viewer
 * cannot tell apart (not named in his view, no public role or post, the same seat in every secret
 * chat the viewer reads) the generator toggles death (unidentified), underground, abroad and
 * detention, changes crowns, orchium and items, grants a search warrant against him (the KSB's
 * and the court's business), and swaps the hidden identity of two such characters (roles,
 * faction, groups, type).
 */

/**
 * Free actions whose stated target preconditions the rules file checks at once (§3.4: "Free
 * actions check their stated preconditions (e.g. "invitable", "junior adept") at once and are
 * rejected if unmet"), though they rest on facts the giver may not know: their menus and refusals
 * tell what the rules make them tell (docs/secrecy.md, DECISIONS.md D19). The noninterference test
 * leaves them out; every other action must tell nothing.
 */
export const RULES_TELLS: Readonly<Record<string, string>> = {
  palace_invite: "§5.7: the target is invitable (alive, free, bodily, in Regnum)",
  vote_magister: "§5.5: the target is a living elder adept",
  appoint_director: "§5.5: the target is a KSB agent",
  exclude_from_ozd: "§5.5: the target is a junior or de-recruited adept",
};

const HIDDEN_IDENTITY = [
  "role",
  "roles",
  "faction",
  "groups",
  "type",
  "previousFaction",
  "difficulty",
  "stealthUsed",
  "ksbPeriods",
] as const;

/** A character whose identity is public: a public role or a public post. */
function publicFigure(state: RState, p: RPlayer): boolean {
  return (
    allRoles(p).some((r) => state.options.publicRoles.includes(r)) ||
    p.posts.some((post) => postInfo(state, post).public)
  );
}

export function hiddenVariations(state: RState, viewer: PlayerId, pick: Pick): HiddenVariation<RState>[] {
  const me = state.players.find((p) => p.id === viewer);
  if (!me || state.ended) return [];
  // Chat access and the appearances it teaches are kept up to date by the reconciliation that
  // follows every input (§4.3), after the phase start (§3.3): each side is compared started and
  // reconciled, so a change that moves the viewer's own chats shows in his view (not hidden).
  const base = cloneState(state);
  ensureStarted(base);
  reconcile(base, true);
  const view = playerView(base, viewer);
  const layout = chatLayout(base);
  const others = state.players.filter(
    (p) => p.id !== viewer && !named(view, p.id) && !publicFigure(state, p) && p.incorporeal === false,
  );
  if (others.length === 0) return [];
  const out: HiddenVariation<RState>[] = [];
  const keep = (what: string, next: RState) => {
    reconcile(next, true);
    if (!sameRosters(layout, chatLayout(next), viewer)) return;
    if (!isDeepStrictEqualJson(playerView(next, viewer), view)) return;
    out.push({ what, state: next, base });
  };
  const someone = () => others[pick(others.length)] as RPlayer;
  const change = (what: string, id: PlayerId, edit: (p: RPlayer, s: RState) => void) => {
    const next = cloneState(base);
    const p = next.players.find((x) => x.id === id) as RPlayer;
    edit(p, next);
    keep(`${what} ${id}`, next);
  };

  const dying = someone();
  change(dying.alive ? "died unidentified:" : "unidentified death undone:", dying.id, (p, s) => {
    p.alive = !p.alive;
    p.deathRecord = p.alive
      ? null
      : {
          phase: `${s.phase.kind} ${s.phase.n}`,
          phaseIndex: s.data.phaseIndex,
          cause: "assassin",
          killer: null,
          body: "unidentifiable",
          location: p.location,
          appearance: p.currentAppearance,
        };
  });
  // A death moved: another character lies dead instead (the newspaper named neither).
  const fallen = others.filter((p) => !p.alive);
  const living = others.filter((p) => p.alive);
  const was = fallen[pick(fallen.length)];
  const instead = living[pick(living.length)];
  if (was && instead)
    change(`death of ${was.id} moved to`, instead.id, (p, s) => {
      const first = s.players.find((x) => x.id === was.id) as RPlayer;
      p.alive = false;
      p.deathRecord = first.deathRecord ? { ...first.deathRecord, appearance: p.currentAppearance } : null;
      first.alive = true;
      first.deathRecord = null;
    });
  change("underground toggled:", someone().id, (p) => toggle(p, "underground"));
  change("detention toggled:", someone().id, (p, s) => {
    toggle(p, "detained");
    p.detainedBy = p.statuses.includes("detained") ? "ksb" : null;
    p.detainedAt = p.statuses.includes("detained") ? s.data.phaseIndex : null;
  });
  change("wanted toggled:", someone().id, (p) => {
    toggle(p, "wanted");
    p.wantedBy = p.statuses.includes("wanted") ? "state" : null;
  });
  change("abroad toggled:", someone().id, (p) => {
    p.location = p.location === "regnum" ? "norsland" : "regnum";
  });
  change("inventory changed:", someone().id, (p) => {
    p.crowns += 50;
    p.orchium += 1;
    p.resources += 2;
    p.items = [...p.items, "ring"];
  });
  const searched = someone();
  change("a search warrant granted against", searched.id, (p, s) => {
    s.data.warrants.push({
      id: "w-hidden",
      measure: "search",
      target: p.id,
      requester: null,
      status: "granted",
    });
  });
  change("a detention warrant requested against", someone().id, (p, s) => {
    s.data.warrants.push({
      id: "w-asked",
      measure: "detain",
      target: p.id,
      requester: null,
      status: "pending",
    });
  });
  change("asked to enter the palace:", someone().id, (p, s) => {
    if (!s.data.requests.includes(p.id)) s.data.requests.push(p.id);
  });
  const a = someone();
  const b = someone();
  if (a.id !== b.id) {
    const next = cloneState(base);
    const pa = next.players.find((x) => x.id === a.id) as RPlayer;
    const pb = next.players.find((x) => x.id === b.id) as RPlayer;
    for (const key of HIDDEN_IDENTITY) {
      const held = pa[key];
      (pa as unknown as Record<string, unknown>)[key] = pb[key];
      (pb as unknown as Record<string, unknown>)[key] = held;
    }
    keep(`identities swapped: ${a.id} and ${b.id}`, next);
  }
  return out;
}

function toggle(p: RPlayer, status: string): void {
  p.statuses = p.statuses.includes(status) ? p.statuses.filter((s) => s !== status) : [...p.statuses, status];
}
