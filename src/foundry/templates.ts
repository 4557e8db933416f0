import { MODULE_ID } from "../constants";
import type { ModuleFlags } from "./flags";
import { gmCardContext, ownerCardContext, publicCardContext } from "./presenters";

const path = (name: string) => `modules/${MODULE_ID}/templates/${name}.hbs`;

export const TEMPLATES = {
  card: path("card"),
  gmCard: path("gm-card"),
  prompt: path("prompt"),
} as const;

export async function preloadTemplates(): Promise<void> {
  await foundry.applications.handlebars.loadTemplates(Object.values(TEMPLATES));
}

export async function renderTemplate(template: string, context: Record<string, unknown>): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(template, context);
}

/** The HTML of a module card, in this client's language; "" for a message that is not one. */
export async function renderModuleFlags(flags: ModuleFlags): Promise<string> {
  if (flags.session) return renderTemplate(TEMPLATES.gmCard, gmCardContext(flags.session));
  if (flags.card) return renderTemplate(TEMPLATES.card, publicCardContext(flags.card));
  if (flags.owner) return renderTemplate(TEMPLATES.card, ownerCardContext(flags.owner));
  return "";
}
