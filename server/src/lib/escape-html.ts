/** Escapes text for HTML (element content and quoted attributes): the five special characters become numeric entities. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
