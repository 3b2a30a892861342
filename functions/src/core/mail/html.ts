/** HTML escaping for mail bodies: every value that a person wrote or chose passes through it. */
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ENTITIES[ch]!);
}

/** A tagged template that escapes each interpolated value: html`<p>${name}</p>`. */
export function html(strings: TemplateStringsArray, ...values: (string | number | SafeHtml)[]): SafeHtml {
  let out = strings[0]!;
  values.forEach((value, i) => {
    out += (value instanceof SafeHtml ? value.value : escapeHtml(String(value))) + strings[i + 1]!;
  });
  return new SafeHtml(out);
}

/** Markup already escaped (built by `html`), inserted as is. */
export class SafeHtml {
  constructor(readonly value: string) {}
}

/** Joins pieces of escaped markup. */
export const joinHtml = (parts: SafeHtml[]): SafeHtml => new SafeHtml(parts.map((p) => p.value).join(''));
