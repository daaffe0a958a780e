export { formatCountry } from './country.format';
export { formatDate } from './date.format';
export { FREE_LABEL, formatPrice } from './price.format';
