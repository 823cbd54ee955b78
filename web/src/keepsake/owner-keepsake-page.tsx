import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Button, ButtonLink, ExternalButtonLink } from '../components/button.tsx';
import { ApiError } from '../lib/api.ts';
import { getErrorMessage } from '../lib/error-messages.ts';
import { PageHeader } from '../shell/page-header.tsx';
import styles from './keepsake.module.css';
import { getKeepsakePdfUrl, getKeepsakeQueryKey, getOwnerKeepsake } from './keepsake-api.ts';
import { KeepsakeView } from './keepsake-view.tsx';

export function meta() {
  return [{ title: 'Keepsake book – Firstday' }];
}

/** The owner's keepsake: the book with the senders' real names, to print or download as a PDF. */
export default function OwnerKeepsakePage() {
  const calendarId = useParams().calendarId ?? '';
  const keepsake = useQuery({
    queryKey: getKeepsakeQueryKey(calendarId),
    queryFn: ({ signal }) => getOwnerKeepsake(calendarId, { signal }),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

  return (
    <>
      <PageHeader
        title="Keepsake book"
        lead="Your calendar as a book: the announcement, the calendar of guesses and every wish, with the senders' names."
        actions={
          keepsake.isSuccess && (
            <div className={styles.toolbarActions}>
              <Button variant="secondary" onClick={() => window.print()}>
                Print
              </Button>
              <ExternalButtonLink href={getKeepsakePdfUrl(calendarId)} download>
                Download PDF
              </ExternalButtonLink>
            </div>
          )
        }
      />
      {keepsake.isPending && (
        <p className={styles.state} role="status">
          Loading your keepsake…
        </p>
      )}
      {keepsake.isError && (
        <div className={styles.state} role="alert">
          <p>{getErrorMessage(keepsake.error)}</p>
          {keepsake.error instanceof ApiError && keepsake.error.status === 409 ? (
            <ButtonLink to="/my_calendars" variant="secondary">
              Back to My calendars
            </ButtonLink>
          ) : (
            <Button variant="secondary" onClick={() => keepsake.refetch()}>
              Try again
            </Button>
          )}
        </div>
      )}
      {keepsake.data && <KeepsakeView book={keepsake.data} />}
    </>
  );
}
