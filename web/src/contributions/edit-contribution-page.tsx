import { type OwnContribution, type PublicCalendar, WISH_MAX_LENGTH, WishSchema } from '@firstday/common/contributions';
import { formatLongDate, formatMonthDay, formatNumber } from '@firstday/common/format';
import {
  formatTimeInput,
  formatTimeOfDay,
  formatWeightBoth,
  GuessedTimeSchema,
  GuessedWeightSchema,
  parseTimeInput,
  toGrams,
} from '@firstday/common/fun-guesses';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Button } from '../components/button.tsx';
import { Logo } from '../components/logo.tsx';
import { checkWeight, getWeightValue, toWeightInput, type WeightValue } from '../components/weight-value.ts';
import { messageId, T, useLocale, useT } from '../i18n/use-t.tsx';
import { ApiError } from '../lib/api.ts';
import { getErrorMessage } from '../lib/error-messages.ts';
import formStyles from '../styles/form.module.css';
import { CalendarFooter } from './calendar-footer.tsx';
import styles from './contribution-form.module.css';
import { getOwnContribution, getPublicCalendar, updateOwnContribution } from './contributions-api.ts';
import { translateFormMessage, translateFormMessages } from './form-messages.ts';
import { type FunGuessErrors, FunGuessFields } from './fun-guess-fields.tsx';
import { GuessCalendar } from './guess-calendar.tsx';
import pageStyles from './public-calendar.module.css';

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
  | ({ status: 'ready' } & Loaded);

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
    <div className={pageStyles.page} data-background={state.status === 'ready' ? state.calendar.background : 'pink'}>
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
          />
        )}
      </main>
      <CalendarFooter />
    </div>
  );
}

type EditFormProps = Loaded & { slug: string; token: string; onClosed: () => void };

function EditForm({ slug, token, contribution, calendar, onClosed }: EditFormProps) {
  const t = useT();
  const locale = useLocale();
  const [guessedDate, setGuessedDate] = useState(contribution.guessedDate);
  const [wish, setWish] = useState(contribution.wish);
  const [wishError, setWishError] = useState<string | null>(null);
  const [time, setTime] = useState(() =>
    contribution.guessedTimeMinutes != null ? formatTimeInput(contribution.guessedTimeMinutes) : '',
  );
  const [weight, setWeight] = useState<WeightValue>(() => getWeightValue(contribution.guessedWeightGrams ?? null));
  const [funErrors, setFunErrors] = useState<FunGuessErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<OwnContribution>(contribution);
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved'>('idle');
  const wishId = useId();
  const wishErrorId = useId();
  const counterId = useId();
  const closed = isClosed(calendar) || contribution.editable === false;
  const asks = { time: calendar.guessTime, weight: calendar.guessWeight };

  /** The fun guesses' messages, or the values to send (null: cleared). */
  function readFunGuesses() {
    const errors: FunGuessErrors = {};
    const minutes = asks.time ? parseTimeInput(time) : null;
    if (asks.time && time !== '' && minutes === null) errors.guessedTimeMinutes = t('contributions.edit.timeInvalid');
    else if (minutes !== null && !GuessedTimeSchema.safeParse(minutes).success) {
      errors.guessedTimeMinutes = t('contributions.check.timeRange');
    }
    const weightProblem = asks.weight ? checkWeight(weight, GuessedWeightSchema) : undefined;
    if (weightProblem) errors.guessedWeight = translateFormMessage(weightProblem, t);
    const weightInput = asks.weight ? toWeightInput(weight) : null;
    return { errors, minutes, weightInput };
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (status === 'saving') return;
    const parsed = WishSchema.safeParse(wish);
    const fun = readFunGuesses();
    setFunErrors(fun.errors);
    if (!parsed.success) {
      setWishError(translateFormMessage(parsed.error.issues[0]?.message, t) ?? t('contributions.check.wishMissing'));
      document.getElementById(wishId)?.focus();
      return;
    }
    if (Object.keys(fun.errors).length > 0) {
      document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    const changes: Parameters<typeof updateOwnContribution>[2] = {};
    if (guessedDate !== saved.guessedDate) changes.guessedDate = guessedDate;
    if (parsed.data !== saved.wish) changes.wish = parsed.data;
    // Only what the calendar asks for, and only when it changed.
    if (asks.time && fun.minutes !== (saved.guessedTimeMinutes ?? null)) changes.guessedTimeMinutes = fun.minutes;
    const grams = fun.weightInput ? toGrams(fun.weightInput) : null;
    if (asks.weight && grams !== (saved.guessedWeightGrams ?? null)) changes.guessedWeight = fun.weightInput;
    setProblem(null);
    if (Object.keys(changes).length === 0) {
      setStatus('saved');
      return;
    }
    setStatus('saving');
    try {
      const updated = await updateOwnContribution(contribution.id, token, changes);
      setSaved({ ...saved, ...updated });
      setStatus('saved');
    } catch (error) {
      setStatus('idle');
      if (error instanceof ApiError && error.code === 'calendar_closed') {
        onClosed();
        return;
      }
      const fields = error instanceof ApiError ? translateFormMessages(error.fields, t) : {};
      if (fields.wish) setWishError(fields.wish);
      if (error instanceof ApiError) {
        const weightField = Object.keys(fields).find((field) => field.startsWith('guessedWeight'));
        setFunErrors({
          guessedTimeMinutes: fields.guessedTimeMinutes,
          guessedWeight: weightField ? fields[weightField] : undefined,
        });
      }
      setProblem(fields.guessedDate ? fields.guessedDate : getErrorMessage(error));
    }
  }

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
          <T
            id="contributions.edit.yourGuessWas"
            values={{
              date: formatLongDate(saved.guessedDate, locale),
              time: saved.guessedTimeMinutes != null ? formatTimeOfDay(saved.guessedTimeMinutes, locale) : 'none',
              weight: saved.guessedWeightGrams != null ? formatWeightBoth(saved.guessedWeightGrams, locale) : 'none',
            }}
            components={{ 0: <strong>{saved.guessedDate}</strong> }}
          />{' '}
          <Link to={`/c/${encodeURIComponent(slug)}`}>{t('contributions.edit.seeAnnouncement')}</Link>
        </p>
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
      <form className={styles.form} noValidate onSubmit={save} aria-busy={status === 'saving'}>
        <fieldset className={styles.gift}>
          <legend className={styles.legend}>
            {t('contributions.edit.yourDay', { day: formatMonthDay(guessedDate, locale) })}
          </legend>
          <div className={pageStyles.gridWrap}>
            <GuessCalendar
              window={calendar.window}
              dueDate={calendar.dueDate}
              guesses={calendar.guesses}
              selectedDate={guessedDate}
              onPick={(date) => {
                setGuessedDate(date);
                setStatus('idle');
              }}
            />
          </div>
        </fieldset>
        <FunGuessFields
          asks={asks}
          time={time}
          onTimeChange={(next) => {
            setTime(next);
            setFunErrors(({ guessedTimeMinutes: _, ...others }) => others);
            setStatus('idle');
          }}
          weight={weight}
          onWeightChange={(next) => {
            setWeight(next);
            setFunErrors(({ guessedWeight: _, ...others }) => others);
            setStatus('idle');
          }}
          errors={funErrors}
        />
        <div className={formStyles.field}>
          <label htmlFor={wishId} className={formStyles.label}>
            {t('contributions.form.wish')}
          </label>
          <textarea
            id={wishId}
            className={`${formStyles.input} ${formStyles.textarea}`}
            rows={5}
            maxLength={WISH_MAX_LENGTH}
            value={wish}
            aria-invalid={wishError ? true : undefined}
            aria-describedby={[wishError ? wishErrorId : '', counterId].filter(Boolean).join(' ')}
            onChange={(event) => {
              setWish(event.target.value);
              setWishError(null);
              setStatus('idle');
            }}
          />
          {wishError && (
            <p id={wishErrorId} className={formStyles.fieldError}>
              {wishError}
            </p>
          )}
          <p id={counterId} className={styles.counter}>
            {t('contributions.form.wishCounter', {
              count: formatNumber(wish.length, locale),
              max: formatNumber(WISH_MAX_LENGTH, locale),
            })}
          </p>
        </div>
        <div role="status" className={styles.status}>
          {status === 'saved' && <p className={styles.success}>{t('contributions.edit.saved')}</p>}
        </div>
        {problem && (
          <p className={styles.problem} role="alert">
            {problem}
          </p>
        )}
        <div className={styles.actions}>
          <Button type="submit" size="lg" aria-disabled={status === 'saving' || undefined}>
            {status === 'saving' ? t('contributions.edit.saving') : t('contributions.edit.save')}
          </Button>
          <Link to={`/c/${encodeURIComponent(slug)}`} className={styles.textLink}>
            {t('contributions.edit.toCalendar')}
          </Link>
        </div>
      </form>
    </section>
  );
}
