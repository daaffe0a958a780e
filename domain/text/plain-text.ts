/**
 * A text people typed, as the site keeps it: line breaks made `\n`, other control characters (but
 * tabs) dropped, nothing else changed. Pages show it as text, never as HTML.
 */
export function plainText(value: string): string {
  // eslint-disable-next-line no-control-regex
  const control = /[\u0000-\u0008\u000b-\u001f\u007f]/g;
  return value.replace(/\r\n?/g, '\n').replace(control, '');
}
