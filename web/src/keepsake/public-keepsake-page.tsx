import '../lib/zod-without-eval.ts';
import { data, Link } from 'react-router';
import { Button } from '../components/button.tsx';
import { Logo } from '../components/logo.tsx';
import { CalendarFooter } from '../contributions/calendar-footer.tsx';
import { createServerI18n } from '../i18n/catalogues.server.ts';
import type { CataloguesHandle } from '../i18n/namespaces.ts';
import { requestLocale } from '../i18n/request-locale.ts';
import { useT } from '../i18n/use-t.tsx';
import { NotFoundView } from '../marketing/not-found-view.tsx';
import { pageContext } from '../page-context.ts';
import type { Route } from './+types/public-keepsake-page';
import styles from './keepsake.module.css';
import { KeepsakeView } from './keepsake-view.tsx';

/**
 * The keepsake's public part (`/c/<slug>/keepsake`), rendered on the server like the guest page: the
 * announcement and every wish, names per the calendar's hide flag, no amounts. 404 before the
 * birth is announced.
 */

export const handle: CataloguesHandle = { catalogues: ['keepsake', 'contributions'] };
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const page = context.get(pageContext);
  const locale = requestLocale(request, [handle]);
  const book = (await page.getPublicKeepsake(params.slug, locale)) ?? null;
  const i18n = createServerI18n(locale);
  const title = book
    ? i18n._('keepsake.public.metaTitle', { title: book.title })
    : i18n._('keepsake.public.metaNotFound');
  return data({ book, title }, { status: book ? 200 : 404 });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: 'robots', content: 'noindex' },
];

export default function PublicKeepsakePage({ loaderData, params }: Route.ComponentProps) {
  const t = useT();
  const { book } = loaderData;
  if (!book) return <NotFoundView />;
  return (
    <>
      <main className={styles.publicPage}>
        <div className={styles.publicHeader}>
          <Logo />
          <div className={styles.toolbarActions}>
            <Link to={`/c/${params.slug}`}>{t('keepsake.public.backToCalendar')}</Link>
            <Button variant="secondary" onClick={() => window.print()}>
              {t('keepsake.print')}
            </Button>
          </div>
        </div>
        <KeepsakeView book={book} />
      </main>
      <CalendarFooter />
    </>
  );
}
