import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Button, ButtonAnchor } from '../components/button.tsx';
import { ButtonLink } from '../components/button-link.tsx';
import { useT } from '../i18n/use-t.tsx';
import { ApiError } from '../lib/api.ts';
import { getErrorMessage } from '../lib/error-messages.ts';
import { PageHeader } from '../shell/page-header.tsx';
import styles from './keepsake.module.css';
import { getKeepsakePdfUrl, getKeepsakeQueryKey, getOwnerKeepsake } from './keepsake-api.ts';
import { KeepsakeView } from './keepsake-view.tsx';

/**
 * The owner's keepsake: the book with the senders' real names, to print (the page's print styles
 * keep only the book) or to download as the PDF the server renders. The book's title is the h1.
 */
export default function OwnerKeepsakePage() {
  const t = useT();
  const calendarId = useParams().calendarId ?? '';
  const keepsake = useQuery({
    queryKey: getKeepsakeQueryKey(calendarId),
    queryFn: ({ signal }) => getOwnerKeepsake(calendarId, { signal }),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

  // The tab's title, in the page's language (React puts it in the head).
  const documentTitle = <title>{t('keepsake.owner.documentTitle')}</title>;
  if (!keepsake.data) {
    return (
      <>
        {documentTitle}
        <PageHeader title={t('keepsake.owner.title')} />
        {keepsake.isPending ? (
          <p className={styles.state} role="status">
            {t('keepsake.owner.loading')}
          </p>
        ) : (
          <div className={styles.state} role="alert">
            <p>{getErrorMessage(keepsake.error, t)}</p>
            {keepsake.error instanceof ApiError && keepsake.error.status < 500 ? (
              <ButtonLink to="/my_calendars" variant="secondary">
                {t('keepsake.owner.backToCalendars')}
              </ButtonLink>
            ) : (
              <Button variant="secondary" onClick={() => keepsake.refetch()}>
                {t('app.tryAgain')}
              </Button>
            )}
          </div>
        )}
      </>
    );
  }

  return (
    <>
      {documentTitle}
      <div className={styles.toolbar}>
        <Link to="/my_calendars">← {t('app.menu.myCalendars')}</Link>
        <div className={styles.toolbarActions}>
          <Button variant="secondary" onClick={() => window.print()}>
            {t('keepsake.print')}
          </Button>
          <ButtonAnchor href={getKeepsakePdfUrl(calendarId)} download>
            {t('keepsake.owner.downloadPdf')}
          </ButtonAnchor>
        </div>
      </div>
      <KeepsakeView book={keepsake.data} />
    </>
  );
}
