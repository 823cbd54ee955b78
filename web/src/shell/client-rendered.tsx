import '../lib/zod-without-eval.ts';
import { Outlet } from 'react-router';
import { Logo } from '../components/logo.tsx';
import { APP_NAMESPACES, type CataloguesHandle } from '../i18n/namespaces.ts';
import { useT } from '../i18n/use-t.tsx';
import styles from './client-rendered.module.css';

/**
 * Layout of the routes that render in the browser only (sign-in screens, the signed-in area, a
 * contributor's edit link): they read the session, the URL's tokens or the window. The no-op
 * client loader makes React Router render the fallback below on the server and hydrate it, then
 * render the page once the browser has loaded it.
 */

export const handle: CataloguesHandle = { catalogues: APP_NAMESPACES };
export function clientLoader() {
  return null;
}

export function HydrateFallback() {
  const t = useT();
  return (
    <div className={styles.page}>
      {/* Each page sets its title in its own language once it renders. */}
      <title>Firstday</title>
      <Logo />
      <div className={styles.spinner} aria-hidden="true" />
      <p className={styles.status} role="status">
        {t('common.loading')}
      </p>
    </div>
  );
}

export default function ClientRendered() {
  return <Outlet />;
}
