export { formatCountry } from './country.format';
export { formatDate, formatDateTime } from './date.format';
export { formatAmount, formatPrice } from './price.format';
export { formatCount, formatCountShort } from './count.format';
export { formatFileSize } from './size.format';
