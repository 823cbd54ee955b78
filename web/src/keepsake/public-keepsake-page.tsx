import { data, Link } from 'react-router';
import { Button } from '../components/button.tsx';
import { Logo } from '../components/logo.tsx';
import { CalendarFooter } from '../contributions/calendar-footer.tsx';
import type { CataloguesHandle } from '../i18n/namespaces.ts';
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
export async function loader({ params, context }: Route.LoaderArgs) {
  const page = context.get(pageContext);
  const book = (await page.getPublicKeepsake(params.slug)) ?? null;
  return data({ book }, { status: book ? 200 : 404 });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.book ? `${loaderData.book.title}: the keepsake – Firstday` : 'Keepsake not found – Firstday' },
  { name: 'robots', content: 'noindex' },
];

export default function PublicKeepsakePage({ loaderData, params }: Route.ComponentProps) {
  const { book } = loaderData;
  if (!book) return <NotFoundView />;
  return (
    <>
      <main className={styles.publicPage}>
        <div className={styles.publicHeader}>
          <Logo />
          <div className={styles.toolbarActions}>
            <Link to={`/c/${params.slug}`}>Back to the calendar</Link>
            <Button variant="secondary" onClick={() => window.print()}>
              Print
            </Button>
          </div>
        </div>
        <KeepsakeView book={book} />
      </main>
      <CalendarFooter />
    </>
  );
}
