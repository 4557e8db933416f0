import { MODULE_ID } from "../constants";
import type { SaveEffect, SaveKind } from "../rules/saveLine";
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

/** What the acting GM sends a target's owner: only what that owner may know (the DC per the visibility setting). */
export interface PromptRequest {
  sessionId: string;
  /** The public card, which tells this client whether the save is still awaited. */
  publicCardId: string;
  spell: { name: string; img?: string };
  save: SaveKind;
  effect: SaveEffect;
  harmless: boolean;
  dc?: number;
  targets: { id: string; name: string; img?: string }[];
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

async function ask(request: PromptRequest, target: PromptRequest["targets"][number]): Promise<Answer | null> {
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
export async function promptAndReport(request: PromptRequest): Promise<number> {
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

/** What the public card, as this client received it, says of the target: still waiting, on an open card. */
function stillAwaited(request: PromptRequest, targetId: string): boolean {
  const message = game.messages.get(request.publicCardId);
  const card = message ? moduleCards(message).card : undefined;
  if (!card) return true;
  return card.open && card.targets.some((t) => t.id === targetId && !t.done);
}

async function askOne(request: PromptRequest, target: PromptRequest["targets"][number]): Promise<boolean> {
  const creature = await creatureFromUuid(target.id);
  if (!creature?.actor.isOwner) {
    showNotice({ level: "warn", key: creature ? "Refusal.notOwner" : "Refusal.gone" });
    return false;
  }
  const answer = await ask(request, target);
  if (!answer) return false;
  // The GM may have taken the save over (or closed the card) while the prompt was open: nothing is rolled.
  if (!stillAwaited(request, target.id)) {
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

async function roll(request: PromptRequest, actor: Actor.Implementation, answer: Answer & { action: "roll" }): Promise<SaveReport | undefined> {
  const adapter = adapterFor(game.system.id);
  const bonusTotal = adapter ? adapter.saveBonus(actorData(actor), request.save) : 0;
  const result = await rollSave(actor, request.save, bonusTotal, {
    chatMessage: true,
    rollMode: answer.rollMode,
    ...(answer.bonus ? { bonus: answer.bonus } : {}),
  });
  return result ? { kind: "rolled", ...result } : undefined;
}
