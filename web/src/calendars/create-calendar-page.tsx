import type { OwnerCalendar } from '@firstday/common/calendars';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '../account/use-current-user.ts';
import { Button } from '../components/button.tsx';
import { ButtonLink } from '../components/button-link.tsx';
import type { CataloguesHandle } from '../i18n/namespaces.ts';
import { useT } from '../i18n/use-t.tsx';
import { getErrorMessage } from '../lib/error-messages.ts';
import { EmptyState } from '../shell/empty-state.tsx';
import { CalendarIllustration, SunriseIllustration } from '../shell/illustrations.tsx';
import { getCalendar, getCalendarQueryKey } from './calendars-api.ts';
import styles from './wizard.module.css';
import { type DraftProblem, getDraftProblem } from './wizard-state.ts';
import { WizardSteps } from './wizard-steps.tsx';

export const handle: CataloguesHandle = { catalogues: ['app', 'calendars'] };

export function meta() {
  return [{ title: 'Create Your Calendar – Firstday' }];
}

export default function CreateCalendarPage() {
  const { data: user } = useCurrentUser();
  const [searchParams] = useSearchParams();
  const draftId = searchParams.get('draft');
  // A new wizard whenever the URL's draft changes from outside (a link, 'Start over'), but not when
  // the wizard itself has just put the draft it created into the URL.
  const [session, setSession] = useState({ draftId, key: 0 });
  const [createdDraftId, setCreatedDraftId] = useState<string | null>(null);
  if (session.draftId !== draftId) {
    const ownDraft = draftId !== null && draftId === createdDraftId;
    setSession({ draftId, key: ownDraft ? session.key : session.key + 1 });
  }

  if (!user) return null;
  return <Wizard key={session.key} draftId={draftId} user={user} onDraftCreated={setCreatedDraftId} />;
}

type WizardProps = {
  draftId: string | null;
  user: { first_name: string; last_name: string; IBAN: string | null };
  onDraftCreated: (id: string) => void;
};

function Wizard({ draftId, user, onDraftCreated }: WizardProps) {
  const t = useT();
  // Only the draft the page opened with is loaded; one the wizard creates is already in its state.
  const [resumeId] = useState(draftId);
  const draft = useQuery({
    queryKey: getCalendarQueryKey(resumeId ?? ''),
    queryFn: ({ signal }) => getCalendar(resumeId ?? '', { signal }),
    enabled: resumeId !== null,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  // The snapshot the wizard resumed from: later refetches (after paying) must not turn it into a refusal.
  const [snapshot, setSnapshot] = useState<OwnerCalendar | null>(null);
  if (draft.data && !snapshot) setSnapshot(draft.data);

  if (resumeId === null) return <WizardSteps user={user} draft={null} onDraftCreated={onDraftCreated} />;
  if (!snapshot) {
    if (draft.isError) {
      return (
        <DraftRefusal
          problem={getDraftProblem(undefined, draft.error) ?? 'load_failed'}
          message={getErrorMessage(draft.error)}
          onRetry={() => draft.refetch()}
        />
      );
    }
    return (
      <p className={styles.loading} role="status">
        {t('calendars.create.loading')}
      </p>
    );
  }
  const problem = getDraftProblem(snapshot, null);
  if (problem) return <DraftRefusal problem={problem} />;
  return <WizardSteps user={user} draft={snapshot} onDraftCreated={onDraftCreated} />;
}

function DraftRefusal({
  problem,
  message,
  onRetry,
}: {
  problem: DraftProblem;
  message?: string;
  onRetry?: () => void;
}) {
  const t = useT();
  if (problem === 'already_active') {
    return (
      <EmptyState
        headingLevel={1}
        tone="blue"
        illustration={<CalendarIllustration />}
        title={t('calendars.create.alreadyActiveTitle')}
        actions={
          <>
            <ButtonLink to="/my_calendars" size="lg">
              {t('calendars.create.goToMyCalendars')}
            </ButtonLink>
            <ButtonLink to="/create_calendar" size="lg" variant="secondary">
              {t('calendars.create.createAnother')}
            </ButtonLink>
          </>
        }
      >
        <p>{t('calendars.create.alreadyActiveText')}</p>
      </EmptyState>
    );
  }
  if (problem === 'load_failed') {
    return (
      <EmptyState
        headingLevel={1}
        tone="sun"
        illustration={<SunriseIllustration />}
        title={t('calendars.create.loadFailedTitle')}
        actions={
          <>
            <Button size="lg" onClick={onRetry}>
              {t('calendars.create.tryAgain')}
            </Button>
            <ButtonLink to="/create_calendar" size="lg" variant="secondary">
              {t('calendars.create.startOver')}
            </ButtonLink>
          </>
        }
      >
        <p>{message}</p>
      </EmptyState>
    );
  }
  return (
    <EmptyState
      headingLevel={1}
      tone="sun"
      illustration={<SunriseIllustration />}
      title={t('calendars.create.notFoundTitle')}
      actions={
        <>
          <ButtonLink to="/create_calendar" size="lg">
            {t('calendars.create.startOver')}
          </ButtonLink>
          <ButtonLink to="/my_calendars" size="lg" variant="secondary">
            {t('calendars.create.goToMyCalendars')}
          </ButtonLink>
        </>
      }
    >
      <p>{t('calendars.create.notFoundText')}</p>
    </EmptyState>
  );
}
