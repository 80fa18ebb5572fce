/** 1,234,567 bytes as "1.2 MB", in the reader's locale. */
export function formatBytes(bytes: number, locale?: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  // "628 byte" reads oddly; the narrow form ("628B") is what people expect.
  return new Intl.NumberFormat(locale, { style: 'unit', unit: units[unit], unitDisplay: unit === 0 ? 'narrow' : 'short', maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value);
}
