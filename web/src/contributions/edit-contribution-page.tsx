import type { OwnContribution, PublicCalendar } from '@firstday/common/contributions';
import { formatLongDate, formatMonthDay } from '@firstday/common/format';
import { formatTimeOfDay, formatWeightBoth, toGrams } from '@firstday/common/fun-guesses';
import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type FieldErrors, useController } from 'react-hook-form';
import { Link, useParams, useSearchParams } from 'react-router';
import { Button } from '../components/button.tsx';
import { Logo } from '../components/logo.tsx';
import { messageId, T, useLocale, useT } from '../i18n/use-t.tsx';
import { ApiError } from '../lib/api.ts';
import { getErrorMessage } from '../lib/error-messages.ts';
import { setFieldErrors } from '../lib/form-errors.ts';
import { useFormCheckedOnSend } from '../lib/use-form-checked-on-send.ts';
import { CalendarFooter } from './calendar-footer.tsx';
import styles from './contribution-form.module.css';
import {
  createEditContributionSchema,
  type EditContributionOutput,
  type EditContributionValues,
  getEditContributionValues,
} from './contribution-form-values.ts';
import { splitFieldErrors } from './contribution-submit.ts';
import { getOwnContribution, getPublicCalendar, updateOwnContribution } from './contributions-api.ts';
import { DeleteOwnContribution } from './delete-own-contribution.tsx';
import { translateFormMessages } from './form-messages.ts';
import { FunGuessFields } from './fun-guess-fields.tsx';
import { GuessCalendar } from './guess-calendar.tsx';
import pageStyles from './public-calendar.module.css';
import { WishField } from './wish-field.tsx';

export function meta() {
  return [{ title: 'Edit your wish – Firstday' }, { name: 'robots', content: 'noindex' }];
}

export const EDITING_CLOSED_MESSAGE = messageId('contributions.edit.closed');
const INVALID_LINK_MESSAGE = messageId('contributions.edit.invalidLink');

type Loaded = { contribution: OwnContribution; calendar: PublicCalendar };
/** The error is a catalogue key (`messageId`) or, for other problems, a text already in the guest's language. */
type LoadState =
  | { status: 'loading' }
  | { status: 'error'; messageKey: typeof INVALID_LINK_MESSAGE }
  | { status: 'error'; message: string }
  | ({ status: 'ready' } & Loaded)
  /** The guest deleted their wish and details: what is left to say is whether a gift stayed. */
  | { status: 'deleted'; background: PublicCalendar['background']; hadGuess: boolean; giftStayed: boolean };

function getBackground(state: LoadState): PublicCalendar['background'] {
  if (state.status === 'ready') return state.calendar.background;
  return state.status === 'deleted' ? state.background : 'pink';
}

function isClosed(calendar: PublicCalendar): boolean {
  return calendar.announcement !== null || calendar.status !== 'active';
}

export default function EditContributionPage() {
  const { slug = '', contributionId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const t = useT();
  const [state, setState] = useState<LoadState>(() =>
    token ? { status: 'loading' } : { status: 'error', messageKey: INVALID_LINK_MESSAGE },
  );

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    Promise.all([
      getOwnContribution(contributionId, token, controller.signal),
      getPublicCalendar(slug, { signal: controller.signal }),
    ]).then(
      ([contribution, calendar]) => setState({ status: 'ready', contribution, calendar }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const invalid = error instanceof ApiError && [400, 401, 403, 404].includes(error.status);
        setState(
          invalid
            ? { status: 'error', messageKey: INVALID_LINK_MESSAGE }
            : { status: 'error', message: getErrorMessage(error) },
        );
      },
    );
    return () => controller.abort();
  }, [slug, contributionId, token]);

  return (
    <div className={pageStyles.page} data-background={getBackground(state)}>
      <header className={pageStyles.top}>
        <Logo />
      </header>
      <main id="main" className={pageStyles.main}>
        {state.status === 'loading' && (
          <p className={pageStyles.loading} role="status">
            {t('contributions.edit.loading')}
          </p>
        )}
        {state.status === 'error' && (
          <section className={pageStyles.card} aria-labelledby="edit-title">
            <h1 id="edit-title" className={pageStyles.sectionTitle}>
              {t('contributions.edit.title')}
            </h1>
            <p role="alert">{'messageKey' in state ? t(state.messageKey) : state.message}</p>
            <p>
              <Link to={`/c/${encodeURIComponent(slug)}`}>{t('contributions.edit.toCalendar')}</Link>
            </p>
          </section>
        )}
        {state.status === 'ready' && (
          <EditForm
            slug={slug}
            token={token}
            contribution={state.contribution}
            calendar={state.calendar}
            onClosed={() => setState({ ...state, calendar: { ...state.calendar, status: 'announced' } })}
            onCalendarChanged={(calendar) => setState({ ...state, calendar })}
            onDeleted={() =>
              setState({
                status: 'deleted',
                background: state.calendar.background,
                hadGuess: state.contribution.guessedDate !== null,
                giftStayed: Boolean(state.contribution.giftAmount) && state.contribution.status === 'confirmed',
              })
            }
          />
        )}
        {state.status === 'deleted' && (
          <DeletedNotice slug={slug} hadGuess={state.hadGuess} giftStayed={state.giftStayed} />
        )}
      </main>
      <CalendarFooter />
    </div>
  );
}

/** After 'Delete my wish and details': the focus moves here from the dialog that is gone. */
function DeletedNotice({ slug, hadGuess, giftStayed }: { slug: string; hadGuess: boolean; giftStayed: boolean }) {
  const t = useT();
  return (
    <section className={pageStyles.card} aria-labelledby="edit-title">
      <h1 id="edit-title" className={pageStyles.sectionTitle} tabIndex={-1} ref={(heading) => heading?.focus()}>
        {t('contributions.edit.deletedTitle')}
      </h1>
      <p role="status">{t('contributions.edit.deletedText', { guess: hadGuess ? 'yes' : 'no' })}</p>
      {giftStayed && <p>{t('contributions.edit.deletedGift')}</p>}
      <p>
        <Link to={`/c/${encodeURIComponent(slug)}`}>{t('contributions.edit.toCalendar')}</Link>
      </p>
    </section>
  );
}

type EditFormProps = Loaded & {
  slug: string;
  token: string;
  onClosed: () => void;
  /** The calendar read again after a move to another day, so each day shows its new count. */
  onCalendarChanged: (calendar: PublicCalendar) => void;
  onDeleted: () => void;
};

function EditForm({ slug, token, contribution, calendar, onClosed, onCalendarChanged, onDeleted }: EditFormProps) {
  const t = useT();
  const locale = useLocale();
  const formRef = useRef<HTMLFormElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<OwnContribution>(contribution);
  // Focus moves to the first wrong fun guess after a refused save (the wish's goes to the wish).
  const [refusedSaves, setRefusedSaves] = useState(0);
  const closed = isClosed(calendar) || contribution.editable === false;
  const asks = { time: calendar.guessTime, weight: calendar.guessWeight };

  // Checked when saved; a field's error goes as soon as it changes. 'Saved' shows until something changes.
  const form = useFormCheckedOnSend<EditContributionValues, unknown, EditContributionOutput>({
    resolver: zodResolver(createEditContributionSchema({ asks, t })),
    defaultValues: getEditContributionValues(contribution),
    shouldFocusError: false,
  });
  const {
    register,
    control,
    handleSubmit,
    reset,
    getValues,
    setError,
    setFocus,
    watch,
    formState: { errors, isSubmitting, isSubmitSuccessful, isDirty },
  } = form;
  const guessedDate = useController({ control, name: 'guessedDate' });
  const time = useController({ control, name: 'guessedTimeMinutes' });
  const weight = useController({ control, name: 'guessedWeight' });
  const wish = watch('wish');
  const showSaved = isSubmitSuccessful && !isSubmitting && !isDirty && problem === null;

  useEffect(() => {
    if (refusedSaves > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusedSaves]);

  /** Sends what changed; true once it is saved. */
  async function saveChecked(values: EditContributionOutput): Promise<boolean> {
    const changes: Parameters<typeof updateOwnContribution>[2] = {};
    if (values.guessedDate !== saved.guessedDate) changes.guessedDate = values.guessedDate;
    if (values.wish !== saved.wish) changes.wish = values.wish;
    // Only what the calendar asks for, and only when it changed.
    if (asks.time && values.guessedTimeMinutes !== (saved.guessedTimeMinutes ?? null)) {
      changes.guessedTimeMinutes = values.guessedTimeMinutes;
    }
    const grams = values.guessedWeight ? toGrams(values.guessedWeight) : null;
    if (asks.weight && grams !== (saved.guessedWeightGrams ?? null)) changes.guessedWeight = values.guessedWeight;
    setProblem(null);
    if (Object.keys(changes).length > 0) {
      try {
        const updated = await updateOwnContribution(contribution.id, token, changes);
        setSaved({ ...saved, ...updated });
        // The days' counts are the server's: a moved guess leaves one day and joins another.
        if (changes.guessedDate) {
          await getPublicCalendar(slug).then(onCalendarChanged, () => {
            // The move is saved; the counts stay as they were until the page is opened again.
          });
        }
      } catch (error) {
        if (error instanceof ApiError && error.code === 'calendar_closed') {
          onClosed();
          return false;
        }
        const fields = error instanceof ApiError ? translateFormMessages(error.fields, t) : {};
        // 'guessedWeight.ounces' and the like are read as their field's (splitFieldErrors).
        setFieldErrors(splitFieldErrors(fields).form, setError, ['guessedTimeMinutes', 'guessedWeight', 'wish']);
        setProblem(fields.guessedDate ? fields.guessedDate : getErrorMessage(error));
        return false;
      }
    }
    return true;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    if (isSubmitting) return event.preventDefault();
    let refused = null as FieldErrors<EditContributionValues> | null;
    let done = false as boolean;
    await handleSubmit(
      async (values) => {
        done = await saveChecked(values);
      },
      (errors) => {
        refused = errors;
      },
    )(event);
    // What is in the form is saved now: a change after this is 'not saved yet' (isDirty).
    if (done) reset(getValues(), { keepIsSubmitSuccessful: true });
    // Once the form has its errors: then the wrong fields are marked, and the first can be focused.
    if (refused?.wish) setFocus('wish');
    else if (refused) setRefusedSaves((count) => count + 1);
  }

  // Deleting is allowed at any time, also once editing is closed.
  const deleteAction = <DeleteOwnContribution contribution={saved} token={token} onDeleted={onDeleted} />;

  if (closed) {
    return (
      <section className={pageStyles.card} aria-labelledby="edit-title">
        <h1 id="edit-title" className={pageStyles.sectionTitle}>
          {t('contributions.edit.title')}
        </h1>
        <p role="alert" className={styles.notice}>
          {t(EDITING_CLOSED_MESSAGE)}
        </p>
        <p>
          {saved.guessedDate === null ? (
            t('contributions.edit.yourWelcomeGift')
          ) : (
            <T
              id="contributions.edit.yourGuessWas"
              values={{
                date: formatLongDate(saved.guessedDate, locale),
                time: saved.guessedTimeMinutes != null ? formatTimeOfDay(saved.guessedTimeMinutes, locale) : 'none',
                weight: saved.guessedWeightGrams != null ? formatWeightBoth(saved.guessedWeightGrams, locale) : 'none',
              }}
              components={{ 0: <strong>{saved.guessedDate}</strong> }}
            />
          )}{' '}
          <Link to={`/c/${encodeURIComponent(slug)}`}>{t('contributions.edit.seeAnnouncement')}</Link>
        </p>
        {deleteAction}
      </section>
    );
  }

  return (
    <section className={pageStyles.card} aria-labelledby="edit-title">
      <h1 id="edit-title" className={pageStyles.sectionTitle}>
        {t('contributions.edit.title')}
      </h1>
      <p className={pageStyles.lead}>
        <T
          id="contributions.edit.lead"
          values={{ title: calendar.title, guesses: asks.time || asks.weight ? 'yes' : 'no' }}
          components={{ 0: <strong>{calendar.title}</strong> }}
        />
        {contribution.name ? ` ${t('contributions.edit.signed', { name: contribution.name })}` : ''}
      </p>
      <form
        ref={formRef}
        className={styles.form}
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-busy={isSubmitting}
      >
        <fieldset className={styles.gift}>
          <legend className={styles.legend}>
            {t('contributions.edit.yourDay', { day: formatMonthDay(guessedDate.field.value, locale) })}
          </legend>
          <div className={pageStyles.gridWrap}>
            <GuessCalendar
              window={calendar.window}
              dueDate={calendar.dueDate}
              guesses={calendar.guesses}
              selectedDate={guessedDate.field.value}
              onPick={guessedDate.field.onChange}
            />
          </div>
        </fieldset>
        <FunGuessFields
          asks={asks}
          time={time.field.value}
          onTimeChange={time.field.onChange}
          weight={weight.field.value}
          onWeightChange={weight.field.onChange}
          errors={{
            guessedTimeMinutes: errors.guessedTimeMinutes?.message,
            guessedWeight: errors.guessedWeight?.message,
          }}
        />
        <WishField registration={register('wish')} value={wish} error={errors.wish?.message} />
        <div role="status" className={styles.status}>
          {showSaved && <p className={styles.success}>{t('contributions.edit.saved')}</p>}
        </div>
        {problem && (
          <p className={styles.problem} role="alert">
            {problem}
          </p>
        )}
        <div className={styles.actions}>
          <Button type="submit" size="lg" aria-disabled={isSubmitting || undefined}>
            {isSubmitting ? t('contributions.edit.saving') : t('contributions.edit.save')}
          </Button>
          <Link to={`/c/${encodeURIComponent(slug)}`} className={styles.textLink}>
            {t('contributions.edit.toCalendar')}
          </Link>
        </div>
      </form>
      {deleteAction}
    </section>
  );
}
