// Spec 2.11: the Creativity Dashboard shows once the user has a skin, My Payouts once a skin has a
// price above 0, each with a NEW badge after that first skin.
export interface AuthorMenuState {
  hasSkins: boolean;
  hasPaidSkins: boolean;
  /** Show the NEW badge on the dashboard / payouts items. */
  newDashboard: boolean;
  newPayouts: boolean;
}

/**
 * What the author menu shows. The account's skins are not queried yet (myCreatedSkins arrives with
 * the catalogue API), so the menu shows what a user without skins sees.
 */
export function useAuthorMenu(): AuthorMenuState {
  return { hasSkins: false, hasPaidSkins: false, newDashboard: false, newPayouts: false };
}
