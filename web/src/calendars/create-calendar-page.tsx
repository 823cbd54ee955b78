import { ButtonLink } from '../components/button.tsx';
import { EmptyState } from '../shell/empty-state.tsx';
import { SunriseIllustration } from '../shell/illustrations.tsx';

export function meta() {
  return [{ title: 'Create Your Calendar – Firstday' }];
}

/** Honest placeholder until the creation wizard ships: no form that pretends to work. */
export default function CreateCalendarPage() {
  return (
    <EmptyState
      headingLevel={1}
      tone="sun"
      illustration={<SunriseIllustration />}
      title="Create Your Calendar"
      actions={
        <ButtonLink to="/my_calendars" size="lg" variant="secondary">
          Back to My calendars
        </ButtonLink>
      }
    >
      <p>
        Calendar creation opens in the next release of Firstday. There is nothing to set up yet: please come back soon,
        your account is ready for it.
      </p>
    </EmptyState>
  );
}
