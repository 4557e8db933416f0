import { MODULE_ID } from "../constants";
import { t } from "./i18n";

export const NOTICE_QUERY = `${MODULE_ID}.notice`;

export type NoticeLevel = "info" | "warn" | "error";

export interface Notice {
  level: NoticeLevel;
  /** A key under D20SS., localised by the receiving client in its own language. */
  key: string;
  data?: Record<string, string | number>;
}

/** Shows a notice on this client, in its language. */
export function showNotice(notice: Notice): void {
  const text = t(notice.key, notice.data);
  ui.notifications?.[notice.level](text);
}

/** Tells a user something on its own screen: here, or through a query to its client (queries carry no authority, only words). */
export async function tellUser(userId: string | undefined, notice: Notice): Promise<void> {
  if (!userId || userId === game.user.id) {
    showNotice(notice);
    return;
  }
  const user = game.users.get(userId);
  if (!user?.active) return;
  try {
    await user.query(NOTICE_QUERY, notice, { timeout: 10_000 });
  } catch {
    // The user went away: nothing to tell.
  }
}
