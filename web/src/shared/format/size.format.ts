// File sizes as the site writes numbers (decimal comma): "812 B", "34 kB", "1,2 MB".
let oneDecimal: Intl.NumberFormat | undefined;

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} kB`;
  oneDecimal ??= new Intl.NumberFormat('cs-CZ', { maximumFractionDigits: 1 });
  return `${oneDecimal.format(bytes / 1024 / 1024)} MB`;
}
