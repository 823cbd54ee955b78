/** JSON that is safe inside an inline `<script>`: no `</script>` or `<!--` in it can end the block early. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replaceAll('<', '\\u003c');
}
