import { t } from "./i18n";

/**
 * Hooks and clicks start work they do not wait for; a failure there must not vanish. It goes to the
 * console with the module's name, and the user sees that something went wrong.
 */
export function safely(work: Promise<unknown>): void {
  work.catch((error: unknown) => {
    console.error("d20-spell-saves |", error);
    ui.notifications?.error(t("Notice.Failed"));
  });
}
