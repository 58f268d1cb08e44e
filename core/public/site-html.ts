/**
 * The published site's HTML, as text: escaping everything that comes from the event
 * (names are hostile input), and the small pieces every section is made of. Pure: no I/O.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for an HTML text node or a quoted attribute value: `& < > " '` escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);
}

/** A name, isolated from the text around it (a right-to-left name keeps the line in order). */
export function bdi(name: string): string {
  return `<bdi>${escapeHtml(name)}</bdi>`;
}

/** An element with a class (already-escaped `inner`). */
export function el(tag: string, className: string, inner: string): string {
  return `<${tag}${className ? ` class="${escapeHtml(className)}"` : ''}>${inner}</${tag}>`;
}
