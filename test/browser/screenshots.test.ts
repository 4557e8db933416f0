// @vitest-environment happy-dom
/**
 * The module's cards and prompt as each user sees them after a real cast through the in-memory Foundry,
 * laid out in Debian's Chromium at the width of Foundry's chat sidebar, with the module's stylesheet and
 * Font Awesome. Writes docs/screenshots/*.png (shown in the README) and checks that nothing overflows.
 * Run: `npm run screenshots` (needs /usr/bin/chromium).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardsOf, drawn } from "../foundry/cards";
import { ALICE, setupTable, type Table } from "../foundry/table";

const OUT = resolve("docs/screenshots");
const SIDEBAR_WIDTH = 300;

/** A page shaped like Foundry's chat log: dark sidebar, message frames, the module's and Font Awesome's CSS. */
function page(inner: string): string {
  const css = readFileSync("styles/d20-spell-saves.css", "utf8");
  const fa = resolve("node_modules/@fortawesome/fontawesome-free/css/all.min.css");
  return `<!doctype html><html><head><meta charset="utf-8">
<link rel="stylesheet" href="file://${fa}">
<style>
  body { margin: 0; padding: 12px; background: #1b1d24; font-family: "Signika", "Segoe UI", sans-serif; }
  .chat-message { width: ${SIDEBAR_WIDTH - 24}px; box-sizing: border-box; margin: 0 0 10px; padding: 8px;
    background: #f0ead8; border: 1px solid #7a7971; border-radius: 5px; box-shadow: 0 0 8px rgba(0,0,0,.5); list-style: none; }
  .chat-message.whisper { background: #e8e1f0; }
  .message-header { font-size: 12px; color: #4b4a44; border-bottom: 1px solid #c9c2b0; margin-bottom: 6px; padding-bottom: 2px; }
  .dialog { width: 400px; background: #f0ead8; border: 1px solid #7a7971; border-radius: 6px; box-shadow: 0 0 12px #000; }
  .dialog > header { background: #23221d; color: #f0ead8; padding: 6px 10px; font-weight: bold; border-radius: 6px 6px 0 0; }
  .dialog > section { padding: 10px; }
  .dialog > footer { display: flex; gap: 6px; padding: 0 10px 10px; }
  .dialog > footer button { flex: 1; }
  button { font: inherit; background: #d9d4c4; border: 1px solid #7a7971; border-radius: 3px; cursor: pointer; }
  input, select { font: inherit; }
  /* Token and spell images live in the Foundry server's data: a plain token disc stands in for them here. */
  img { content: url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Ccircle cx='16' cy='16' r='15' fill='%236b5d45' stroke='%23c9b98f' stroke-width='2'/%3E%3Ccircle cx='16' cy='12' r='5' fill='%23c9b98f'/%3E%3Cpath d='M7 26c2-6 16-6 18 0' fill='%23c9b98f'/%3E%3C/svg%3E"); }
  .form-group { display: flex; align-items: center; gap: 8px; } .form-group label { flex: 1; } .form-group input, .form-group select { flex: 1.2; }
  ${css}
</style></head><body>${inner}</body></html>`;
}

function message(header: string, html: HTMLElement, whisper = false): string {
  const content = html.querySelector(".message-content")?.innerHTML ?? html.innerHTML;
  return `<li class="chat-message${whisper ? " whisper" : ""}"><div class="message-header">${header}</div><div class="message-content">${content}</div></li>`;
}

function dialog(title: string, content: string, buttons: string[]): string {
  return `<div class="dialog"><header>${title}</header><section>${content}</section><footer>${buttons.map((b) => `<button>${b}</button>`).join("")}</footer></div>`;
}

let browser: Browser;

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
}, 60_000);

afterAll(async () => {
  await browser.close();
});

/** Shoots one page; returns the widest overflow found (0 when every box fits its parent). */
async function shoot(name: string, html: string, width = SIDEBAR_WIDTH + 140): Promise<number> {
  const tab = await browser.newPage({ viewport: { width, height: 900 }, deviceScaleFactor: 2 });
  // A file page, so that the stylesheet links (file://) load, fonts included.
  const file = join(OUT, `.${name}.html`);
  writeFileSync(file, page(html));
  await tab.goto(`file://${file}`, { waitUntil: "load" });
  await tab.evaluate(() => document.fonts.ready);
  await tab.locator("body > *").first().screenshot({ path: join(OUT, `${name}.png`) });
  const overflow = await tab.evaluate(() =>
    Math.max(0, ...[...document.querySelectorAll(".d20ss-card, .d20ss-prompt")].map((el) => el.scrollWidth - el.clientWidth)),
  );
  await tab.close();
  rmSync(file);
  return overflow;
}

async function fireballTable(lang: string): Promise<Table> {
  const table = await setupTable("pf1", { aliceLang: lang });
  table.world.dice.push(15);
  table.world.answerDialogs(ALICE, () => undefined); // Alice's prompt stays open for the picture
  await table.cast("Fireball", [table.heroToken, ...table.goblinTokens]);
  return table;
}

describe("the cards and the prompt in Chromium", () => {
  it("GM card after the NPCs rolled, public card, and the prompt, in English", async () => {
    const table = await fireballTable("en");
    const { gm, bob, alice, world } = table;
    const prompt = alice.pendingDialogs[0];
    expect(prompt).toBeDefined();
    const promptShot = await shoot("prompt-en", dialog(prompt?.title ?? "", prompt?.content ?? "", ["Roll the save", "Give up the save"]), 440);
    await prompt?.press("roll", { bonus: "", rollMode: "publicroll" });
    await world.settle();

    world.dice.push(3, 20);
    const gmId = cardsOf(gm, "session")[0]?.id ?? "";
    await gm.click((await drawn(gm, gmId)).querySelector('[data-d20ss-action="rollWaiting"]') ?? "missing");
    const gmShot = await shoot("gm-card-en", message("Gamemaster → GM", await drawn(gm, gmId), true));
    const publicId = cardsOf(bob, "card")[0]?.id ?? "";
    const publicShot = await shoot("public-card-en", message("Ezren", await drawn(bob, publicId)));
    expect({ promptShot, gmShot, publicShot }).toEqual({ promptShot: 0, gmShot: 0, publicShot: 0 });
  }, 60_000);

  it("the prompt and the owner's card in French", async () => {
    const table = await fireballTable("fr");
    const prompt = table.alice.pendingDialogs[0];
    const promptShot = await shoot("prompt-fr", dialog(prompt?.title ?? "", prompt?.content ?? "", ["Lancer le jet", "Renoncer au jet"]), 440);
    expect(prompt?.content).toContain("Réflexes");
    await prompt?.press("roll", { bonus: "", rollMode: "publicroll" });
    await table.world.settle();
    const ownerId = cardsOf(table.alice, "owner")[0]?.id ?? "";
    const ownerShot = await shoot("owner-card-fr", message("Ezren → Alice", await drawn(table.alice, ownerId), true));
    expect({ promptShot, ownerShot }).toEqual({ promptShot: 0, ownerShot: 0 });
  }, 60_000);
});
