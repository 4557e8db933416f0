import { MODULE_ID } from "../constants";
import type { PublicCard } from "../workflow/views";
import type { SaveReport } from "../workflow/transitions";
import { adapterFor } from "../systems/index";
import { moduleCards } from "./cards";
import { clientState } from "./clientState";
import { actorData, creatureFromUuid } from "./documents";
import { t } from "./i18n";
import { showNotice } from "./notices";
import { sendReport } from "./reports";
import { rollSave } from "./saveRoll";
import { renderTemplate, TEMPLATES } from "./templates";

export const PROMPT_QUERY = `${MODULE_ID}.promptSave`;

/**
 * What the acting GM sends a target's owner: which card and creatures, and the DC where owners may see it.
 * A query's sender is not attested (DESIGN.md), so everything else the prompt shows — spell, save, effect,
 * harmless — is read from the public card, which only a GM can have written.
 */
export interface PromptRequest {
  sessionId: string;
  publicCardId: string;
  targetIds: string[];
  dc?: number;
}

/** The prompt as this client may trust it: the GM-written public card, for the creatures asked about. */
type PromptFacts = Pick<PublicCard, "sessionId" | "spell" | "save" | "effect" | "harmless" | "aim" | "dc"> & {
  publicCardId: string;
  targets: { id: string; name: string; img?: string }[];
};

function promptFacts(request: PromptRequest): PromptFacts | undefined {
  const message = game.messages.get(request.publicCardId);
  const card = message ? moduleCards(message).card : undefined;
  if (card?.sessionId !== request.sessionId || card.choosing || !Array.isArray(request.targetIds)) return undefined;
  const dc = typeof request.dc === "number" ? request.dc : card.dc;
  return {
    sessionId: card.sessionId,
    publicCardId: request.publicCardId,
    spell: card.spell,
    save: card.save,
    effect: card.effect,
    harmless: card.harmless,
    aim: card.aim,
    ...(dc === undefined ? {} : { dc }),
    targets: card.targets.filter((t) => request.targetIds.includes(t.id)).map((t) => ({ id: t.id, name: t.name, ...(t.img ? { img: t.img } : {}) })),
  };
}

type Answer = { action: "roll"; bonus: string; rollMode: string } | { action: "waive" };

function currentRollMode(): string {
  return game.settings.get("core", "rollMode") ?? "publicroll";
}

function readAnswer(action: string, form: HTMLFormElement | null): Answer {
  if (action !== "roll") return { action: "waive" };
  const data = form ? new FormData(form) : undefined;
  const text = (name: string) => {
    const value = data?.get(name);
    return typeof value === "string" ? value.trim() : "";
  };
  return { action: "roll", bonus: text("bonus"), rollMode: text("rollMode") || currentRollMode() };
}

async function ask(request: PromptFacts, target: PromptFacts["targets"][number]): Promise<Answer | null> {
  const content = await renderTemplate(TEMPLATES.prompt, {
    spell: request.spell,
    target,
    saveKey: `D20SS.Save.${request.save}`,
    effectKey: `D20SS.Effect.${request.effect}`,
    successKey: `D20SS.OnSuccess.${request.effect}`,
    harmless: request.harmless,
    dc: request.dc,
    rollModes: Object.entries(CONFIG.Dice.rollModes).map(([value, mode]) => ({
      value,
      label: typeof mode === "string" ? mode : mode.label,
      selected: value === currentRollMode(),
    })),
  });
  const result: unknown = await foundry.applications.api.DialogV2.wait({
    window: { title: t("Prompt.Title", { spell: request.spell.name }) },
    classes: ["d20ss-prompt"],
    content,
    buttons: [
      {
        action: "roll",
        label: t("Prompt.Roll"),
        icon: "fa-solid fa-dice-d20",
        default: !request.harmless,
        callback: (_event, button) => readAnswer("roll", button.form),
      },
      // R8: a harmless spell is accepted unless the creature chooses to resist; R11: anyone may give up.
      { action: "waive", label: t(request.harmless ? "Prompt.Accept" : "Prompt.Waive"), icon: "fa-solid fa-hand", default: request.harmless },
    ],
    rejectClose: false,
  });
  if (result === "waive") return { action: "waive" };
  return typeof result === "object" && result !== null ? (result as Answer) : null;
}

/** Asks this client's user about each target it owns, rolls what it chose, and reports each answer. */
export async function promptAndReport(query: PromptRequest): Promise<number> {
  const request = promptFacts(query);
  if (!request) {
    showNotice({ level: "warn", key: "Refusal.closed" });
    return 0;
  }
  // Targets whose prompt is open on this client: a second click opens nothing and rolls nothing.
  const asking = clientState().openPrompts;
  let answered = 0;
  for (const target of request.targets) {
    if (asking.has(target.id)) {
      showNotice({ level: "info", key: "Refusal.promptOpen" });
      continue;
    }
    asking.add(target.id);
    try {
      if (await askOne(request, target)) answered += 1;
    } finally {
      asking.delete(target.id);
    }
  }
  return answered;
}

/**
 * What the public card, as this client has it now, says of the target: still waiting, on an open card.
 * A card deleted since the prompt opened says nothing: the GM's client decides.
 */
function stillAwaited(publicCardId: string, targetId: string): boolean {
  const message = game.messages.get(publicCardId);
  const card = message ? moduleCards(message).card : undefined;
  return card === undefined || (card.open && card.targets.some((t) => t.id === targetId && !t.done));
}

async function askOne(request: PromptFacts, target: PromptFacts["targets"][number]): Promise<boolean> {
  const creature = await creatureFromUuid(target.id);
  if (!creature?.actor.isOwner) {
    showNotice({ level: "warn", key: creature ? "Refusal.notOwner" : "Refusal.gone" });
    return false;
  }
  const answer = await askUntilReadable(request, target);
  if (!answer) return false;
  // The GM may have taken the save over (or closed the card) while the prompt was open: nothing is rolled.
  if (!stillAwaited(request.publicCardId, target.id)) {
    showNotice({ level: "info", key: "Refusal.alreadySaved" });
    return false;
  }
  // The creature may have been deleted while the prompt was open: then nothing is rolled for it.
  const current = await creatureFromUuid(target.id);
  if (!current) {
    showNotice({ level: "warn", key: "Refusal.gone" });
    return false;
  }
  const report = answer.action === "waive" ? ({ kind: "waived" } as const) : await roll(request, current.actor, answer);
  if (!report) return false;
  await sendReport({ sessionId: request.sessionId, targetId: target.id, report });
  return true;
}

/** A situational bonus the dice cannot read is said so, and the prompt opens again (nothing is rolled). */
async function askUntilReadable(request: PromptFacts, target: PromptFacts["targets"][number]): Promise<Answer | null> {
  for (;;) {
    const answer = await ask(request, target);
    if (answer?.action !== "roll" || !answer.bonus || Roll.validate(answer.bonus)) return answer;
    showNotice({ level: "warn", key: "Prompt.BadBonus", data: { bonus: answer.bonus } });
  }
}

/**
 * R13: for an area or effect spell the roll is not posted in chat — a roll message reaches every client,
 * the caster's player included; the owner reads the result on its own card.
 */
async function roll(request: PromptFacts, actor: Actor.Implementation, answer: Answer & { action: "roll" }): Promise<SaveReport | undefined> {
  const adapter = adapterFor(game.system.id);
  const bonusTotal = adapter ? adapter.saveBonus(actorData(actor), request.save) : 0;
  const result = await rollSave(actor, request.save, bonusTotal, {
    chatMessage: request.aim !== "area",
    rollMode: answer.rollMode,
    ...(answer.bonus ? { bonus: answer.bonus } : {}),
  });
  return result ? { kind: "rolled", ...result } : undefined;
}
