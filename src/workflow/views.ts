import type { SaveEffect, SaveKind } from "../rules/saveLine";
import type { SaveSession, TargetState } from "./session";

/** Who may see the DC (a world setting). */
export type DcVisibility = "everyone" | "owners" | "gm";

/** What a target's row shows to a given reader. `outcome` is absent where the reader may not know it (R13). */
export interface TargetView {
  id: string;
  name: string;
  img?: string;
  done: boolean;
  outcome?: "saved" | "failed" | "waived" | "gone";
  natural?: number;
  total?: number;
  /** A hidden creature, shown without its name or picture. */
  unseen?: boolean;
  /** Hit points taken (negative: healed), once applied and not undone. */
  applied?: number;
}

/** The card everyone receives: only what every player may know (R13: flags reach every client). */
export interface PublicCard {
  sessionId: string;
  spell: { name: string; img?: string };
  save: SaveKind;
  effect: SaveEffect;
  harmless: boolean;
  aim: "area" | "targeted";
  dc?: number;
  targets: TargetView[];
  open: boolean;
  /** The GM is still choosing which save to ask for: nobody is asked yet. */
  choosing: boolean;
}

/** What the owner of some targets may know about them: the full outcome of its own creatures. */
export interface OwnerCard {
  sessionId: string;
  spell: { name: string; img?: string };
  save: SaveKind;
  effect: SaveEffect;
  dc?: number;
  targets: TargetView[];
  choosing: boolean;
}

function outcomeOf(target: TargetState): TargetView["outcome"] {
  if (target.status === "gone") return "gone";
  const save = target.save;
  if (!save) return undefined;
  if (save.kind === "waived") return "waived";
  return save.success ? "saved" : "failed";
}

function appliedOf(target: TargetState): number | undefined {
  const taken = target.damage?.taken;
  if (!taken || target.damage?.undone) return undefined;
  return taken.value + taken.temp;
}

/** A row with everything known about the target: for the GM and the target's owners. */
export function fullTargetView(target: TargetState): TargetView {
  const save = target.save;
  const outcome = outcomeOf(target);
  const applied = appliedOf(target);
  return {
    id: target.id,
    name: target.name,
    ...(target.img ? { img: target.img } : {}),
    done: target.status !== "waiting",
    ...(outcome ? { outcome } : {}),
    ...(save?.kind === "rolled" ? { natural: save.natural, total: save.total } : {}),
    ...(applied === undefined ? {} : { applied }),
  };
}

/** A row with only the target's progress: who has saved, not how it went. */
function progressView(target: TargetState): TargetView {
  return { id: target.id, name: target.name, ...(target.img ? { img: target.img } : {}), done: target.status !== "waiting" };
}

/**
 * R13: for a targeted spell the caster knows who resisted, so outcomes are public; for an area or effect
 * spell the caster cannot tell, so the public card carries progress only (the GM's card and each owner's
 * card carry the outcomes). The DC is public only when the GM chose so.
 */
/** A hidden token's row for players: the creature is there, but not who it is. */
function unseen(view: TargetView): TargetView {
  const rest = { ...view, name: "", unseen: true };
  delete rest.img;
  return rest;
}

export function publicCard(session: SaveSession, visibility: DcVisibility): PublicCard {
  const targeted = session.spell.aim === "targeted";
  const row = (t: TargetState) => {
    const view = targeted ? fullTargetView(t) : progressView(t);
    return t.hidden ? unseen(view) : view;
  };
  return {
    sessionId: session.id,
    spell: { name: session.spell.name, ...(session.spell.img ? { img: session.spell.img } : {}) },
    save: session.save,
    effect: session.spell.option.effect,
    harmless: session.spell.option.harmless,
    aim: session.spell.aim,
    ...(visibility === "everyone" ? { dc: session.dc.value } : {}),
    targets: session.targets.map(row),
    open: session.open,
    choosing: session.choosing,
  };
}

/** The owner card of one user: its own targets in full; none when it owns none (or the spell is targeted). */
export function ownerCard(session: SaveSession, userId: string, visibility: DcVisibility): OwnerCard | undefined {
  const mine = session.targets.filter((t) => t.ownerIds.includes(userId));
  if (mine.length === 0 || session.spell.aim === "targeted") return undefined;
  return {
    sessionId: session.id,
    spell: { name: session.spell.name, ...(session.spell.img ? { img: session.spell.img } : {}) },
    save: session.save,
    effect: session.spell.option.effect,
    ...(visibility === "gm" ? {} : { dc: session.dc.value }),
    targets: mine.map(fullTargetView),
    choosing: session.choosing,
  };
}

/** Users who own at least one target and so get an owner card. */
export function ownersOf(session: SaveSession): string[] {
  return [...new Set(session.targets.flatMap((t) => t.ownerIds))];
}
