import type { HitPoints } from "../systems/adapter";
import type { HpTaken } from "./session";

/** Damage comes off temporary hit points first, then off hit points (SRD "Temporary Hit Points"). */
export function takeDamage(hp: HitPoints, amount: number): { next: Pick<HitPoints, "value" | "temp">; taken: HpTaken } {
  const fromTemp = Math.min(Math.max(hp.temp, 0), amount);
  const fromValue = amount - fromTemp;
  return { next: { temp: hp.temp - fromTemp, value: hp.value - fromValue }, taken: { temp: fromTemp, value: fromValue } };
}

/** Healing never raises hit points above their maximum; what it adds is recorded as a negative taking. */
export function heal(hp: HitPoints, amount: number): { next: Pick<HitPoints, "value" | "temp">; taken: HpTaken } {
  const healed = Math.max(0, Math.min(amount, hp.max - hp.value));
  return { next: { temp: hp.temp, value: hp.value + healed }, taken: { temp: 0, value: -healed } };
}

/** Undo gives back exactly what was taken, whatever happened to the sheet since. */
export function giveBack(hp: HitPoints, taken: HpTaken): Pick<HitPoints, "value" | "temp"> {
  return { temp: hp.temp + taken.temp, value: hp.value + taken.value };
}
