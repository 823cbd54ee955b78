import { ButtonLink } from '../components/button.tsx';
import { EmptyState } from '../shell/empty-state.tsx';
import { WishesIllustration } from '../shell/illustrations.tsx';
import { PageHeader } from '../shell/page-header.tsx';

export function meta() {
  return [{ title: 'Wishes – Firstday' }];
}

export default function WishesPage() {
  return (
    <>
      <PageHeader title="Wishes" />
      <EmptyState
        tone="blue"
        illustration={<WishesIllustration />}
        title="No wishes yet"
        actions={
          <ButtonLink to="/my_calendars" variant="secondary" size="lg">
            Go to My calendars
          </ButtonLink>
        }
      >
        <p>Wishes from friends and family appear here once your calendar is shared.</p>
      </EmptyState>
    </>
  );
}
