import dayjs from 'dayjs';

const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'];

/** File sizes in steps of 1024, Bytes to YB, 2 decimals by default (spec section 9). */
export function formatFileSize(bytes: number, decimals = 2): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), SIZE_UNITS.length - 1);
  const value = bytes / 1024 ** exponent;
  return `${Number.parseFloat(value.toFixed(decimals))} ${SIZE_UNITS[exponent]}`;
}

/** Dates show as MM.DD in the current year, otherwise YYYY.MM.DD (spec section 9). */
export function formatShortDate(value: string | number | Date, now: Date = new Date()): string {
  const date = dayjs(value);
  return date.year() === now.getFullYear() ? date.format('MM.DD') : date.format('YYYY.MM.DD');
}
