/**
 * The enterprise's time zone: an IANA name (`Europe/Berlin`, `Asia/Shanghai`, `UTC`), checked
 * with the platform's own Intl data, so server and browser agree on what exists. Offsets such as
 * `+08:00` are refused: they know nothing of daylight saving time.
 */

const IANA_SHAPE = /^(UTC|[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)+)$/;

/** The canonical IANA name of `name` (aliases resolve, `utc` becomes `UTC`), or null when unknown. */
export function canonicalTimeZone(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed.toUpperCase() === 'UTC') return 'UTC';
  if (!IANA_SHAPE.test(trimmed)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: trimmed }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export function isTimeZone(name: string): boolean {
  return canonicalTimeZone(name) !== null;
}

/** Every time zone the platform knows, UTC first: the choices of the settings page. */
export function timeZoneNames(): string[] {
  const names = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...names.filter((name) => name !== 'UTC')];
}
