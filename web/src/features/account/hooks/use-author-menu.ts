// Spec 2.11: the Creativity Dashboard shows once the user has a skin, My Payouts once a skin has a
// price above 0, each with a NEW badge after that first skin. Profile settings show the public social
// fields and the bio only to users with skins.
export interface AuthorMenuState {
  hasSkins: boolean;
  hasPaidSkins: boolean;
  /** Show the NEW badge on the dashboard / payouts items. */
  newDashboard: boolean;
  newPayouts: boolean;
}

/**
 * What the author menu (and the author part of the settings) shows.
 *
 * TODO(issue "Author tools"): there is no skins API yet. When myCreatedSkins arrives, query the
 * user's skins here: hasSkins = at least one skin, hasPaidSkins = a skin priced above 0, and the
 * NEW badges until the user has opened the dashboard / payouts once after the first (paid) skin.
 * Until then every user sees what a user without skins sees.
 */
export function useAuthorMenu(): AuthorMenuState {
  return { hasSkins: false, hasPaidSkins: false, newDashboard: false, newPayouts: false };
}
