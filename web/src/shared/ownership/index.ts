// What the signed-in viewer owns: the 'Owned' state of the skin and bundle buttons and the cart's rules.
export { useOwnership, useRefreshOwnership } from './use-ownership';
