import { ButtonLink } from '../components/button.tsx';
import { EmptyState } from '../shell/empty-state.tsx';
import { CalendarIllustration } from '../shell/illustrations.tsx';
import { PageHeader } from '../shell/page-header.tsx';

export function meta() {
  return [{ title: 'Calendar Info – Firstday' }];
}

export default function CalendarInfoPage() {
  return (
    <>
      <PageHeader title="Calendar Info" />
      <EmptyState
        illustration={<CalendarIllustration />}
        title="There is no calendar to show yet"
        actions={
          <>
            <ButtonLink to="/create_calendar" size="lg">
              Create a calendar first
            </ButtonLink>
            <ButtonLink to="/my_calendars" size="lg" variant="secondary">
              Back to list
            </ButtonLink>
          </>
        }
      >
        <p>Its name, due date, background and privacy options will be here once you have created a calendar.</p>
      </EmptyState>
    </>
  );
}
