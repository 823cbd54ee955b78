import { ButtonLink } from '../components/button.tsx';
import { EmptyState } from '../shell/empty-state.tsx';
import { CalendarIllustration } from '../shell/illustrations.tsx';
import { PageHeader } from '../shell/page-header.tsx';

export function meta() {
  return [{ title: 'My calendars – Firstday' }];
}

export default function MyCalendarsPage() {
  return (
    <>
      <PageHeader title="My calendars" />
      <EmptyState
        illustration={<CalendarIllustration />}
        title="No calendars yet"
        actions={
          <ButtonLink to="/create_calendar" size="lg">
            Create your calendar
          </ButtonLink>
        }
      >
        <p>
          Create a calendar for the last weeks before the birth, then share its link so loved ones can guess the day.
        </p>
      </EmptyState>
    </>
  );
}
