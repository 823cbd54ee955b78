import { type PublicCalendar, WISH_MAX_LENGTH, WishSchema } from '@firstday/common/contributions';
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
import { ApiError } from '../lib/api.ts';
import { getErrorMessage } from '../lib/error-messages.ts';
import formStyles from '../styles/form.module.css';
import { CalendarFooter } from './calendar-footer.tsx';
import styles from './contribution-form.module.css';
import {
  getOwnContribution,
  getPublicCalendar,
  type OwnContribution,
  updateOwnContribution,
} from './contributions-api.ts';
import { type FunGuessErrors, FunGuessFields } from './fun-guess-fields.tsx';
import { GuessCalendar } from './guess-calendar.tsx';
import pageStyles from './public-calendar.module.css';

export function meta() {
  return [{ title: 'Edit your wish – Firstday' }, { name: 'robots', content: 'noindex' }];
}

export const EDITING_CLOSED_MESSAGE = 'Editing is closed: this calendar no longer takes changes.';
const INVALID_LINK_MESSAGE =
  'This edit link is not valid. Please open the link from your receipt e-mail again, exactly as it was sent.';

type Loaded = { contribution: OwnContribution; calendar: PublicCalendar };
type LoadState = { status: 'loading' } | { status: 'error'; message: string } | ({ status: 'ready' } & Loaded);

function isClosed(calendar: PublicCalendar): boolean {
  return calendar.announcement !== null || calendar.status !== 'active';
}

export default function EditContributionPage() {
  const { slug = '', contributionId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [state, setState] = useState<LoadState>(() =>
    token ? { status: 'loading' } : { status: 'error', message: INVALID_LINK_MESSAGE },
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
        setState({ status: 'error', message: invalid ? INVALID_LINK_MESSAGE : getErrorMessage(error) });
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
            Loading your wish…
          </p>
        )}
        {state.status === 'error' && (
          <section className={pageStyles.card} aria-labelledby="edit-title">
            <h1 id="edit-title" className={pageStyles.sectionTitle}>
              Edit your wish
            </h1>
            <p role="alert">{state.message}</p>
            <p>
              <Link to={`/c/${encodeURIComponent(slug)}`}>Go to the calendar</Link>
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
    if (asks.time && time !== '' && minutes === null)
      errors.guessedTimeMinutes = 'Please enter a time, or leave it empty.';
    else if (minutes !== null && !GuessedTimeSchema.safeParse(minutes).success) {
      errors.guessedTimeMinutes = 'Please enter a time between 12:00 AM and 11:59 PM.';
    }
    const weightProblem = asks.weight ? checkWeight(weight, GuessedWeightSchema) : undefined;
    if (weightProblem) errors.guessedWeight = weightProblem;
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
      setWishError(parsed.error.issues[0]?.message ?? 'Please write a wish.');
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
      if (error instanceof ApiError && error.fields.wish) setWishError(error.fields.wish);
      if (error instanceof ApiError) {
        const weightField = Object.keys(error.fields).find((field) => field.startsWith('guessedWeight'));
        setFunErrors({
          guessedTimeMinutes: error.fields.guessedTimeMinutes,
          guessedWeight: weightField ? error.fields[weightField] : undefined,
        });
      }
      setProblem(
        error instanceof ApiError && error.fields.guessedDate ? error.fields.guessedDate : getErrorMessage(error),
      );
    }
  }

  if (closed) {
    return (
      <section className={pageStyles.card} aria-labelledby="edit-title">
        <h1 id="edit-title" className={pageStyles.sectionTitle}>
          Edit your wish
        </h1>
        <p role="alert" className={styles.notice}>
          {EDITING_CLOSED_MESSAGE}
        </p>
        <p>
          Your guess was <strong>{formatLongDate(saved.guessedDate)}</strong>
          {saved.guessedTimeMinutes != null && <> at {formatTimeOfDay(saved.guessedTimeMinutes)}</>}
          {saved.guessedWeightGrams != null && <>, weighing {formatWeightBoth(saved.guessedWeightGrams)}</>}.{' '}
          <Link to={`/c/${encodeURIComponent(slug)}`}>See the announcement</Link>
        </p>
      </section>
    );
  }

  return (
    <section className={pageStyles.card} aria-labelledby="edit-title">
      <h1 id="edit-title" className={pageStyles.sectionTitle}>
        Edit your wish
      </h1>
      <p className={pageStyles.lead}>
        For <strong>{calendar.title}</strong>. You can change your day{asks.time || asks.weight ? ', your guesses' : ''}{' '}
        and your wish until the birth is announced.
        {contribution.name ? ` Signed ${contribution.name}.` : ''}
      </p>
      <form className={styles.form} noValidate onSubmit={save} aria-busy={status === 'saving'}>
        <fieldset className={styles.gift}>
          <legend className={styles.legend}>Your day: {formatMonthDay(guessedDate)}</legend>
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
            Your wish
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
            {formatNumber(wish.length)} / {formatNumber(WISH_MAX_LENGTH)} characters
          </p>
        </div>
        <div role="status" className={styles.status}>
          {status === 'saved' && <p className={styles.success}>Saved. Your changes show on the calendar.</p>}
        </div>
        {problem && (
          <p className={styles.problem} role="alert">
            {problem}
          </p>
        )}
        <div className={styles.actions}>
          <Button type="submit" size="lg" aria-disabled={status === 'saving' || undefined}>
            {status === 'saving' ? 'Saving…' : 'Save changes'}
          </Button>
          <Link to={`/c/${encodeURIComponent(slug)}`} className={styles.textLink}>
            Go to the calendar
          </Link>
        </div>
      </form>
    </section>
  );
}
