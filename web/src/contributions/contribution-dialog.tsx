// zod validates the form: set up before its schemas (the guest page itself loads no zod).
import '../lib/zod-without-eval.ts';
import { GIFT_PRESET_AMOUNTS, type PublicCalendar } from '@firstday/common/contributions';
import { formatMoney, formatMonthDay } from '@firstday/common/format';
import { formatTimeOfDay, formatWeightBoth } from '@firstday/common/fun-guesses';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef } from 'react';
import { useController } from 'react-hook-form';
import { Button } from '../components/button.tsx';
import { ProgressNote } from '../components/progress-note.tsx';
import { TextField } from '../components/text-field.tsx';
import { T, useLocale, useT } from '../i18n/use-t.tsx';
import { useFormCheckedOnSend } from '../lib/use-form-checked-on-send.ts';
import formStyles from '../styles/form.module.css';
import styles from './contribution-form.module.css';
import {
  type ContributionFormOutput,
  type ContributionFormValues,
  createContributionFormSchema,
  EMPTY_CONTRIBUTION,
  readGift,
} from './contribution-form-values.ts';
import { FunGuessFields } from './fun-guess-fields.tsx';
import { GiftFields } from './gift-fields.tsx';
import { getBirthNews } from './share-links.ts';
import { SharePanel } from './share-panel.tsx';
import { useContributionSubmit } from './use-contribution-submit.ts';
import { WishField } from './wish-field.tsx';

/** A welcome gift starts with a gift chosen (the second preset): it is what the guest came for. */
const WELCOME_GIFT_DEFAULTS: ContributionFormValues = {
  ...EMPTY_CONTRIBUTION,
  giftAmount: { choice: `${GIFT_PRESET_AMOUNTS[1]}`, text: '' },
};

type ContributionDialogProps = {
  calendar: PublicCalendar;
  slug: string;
  /** The day picked; null for a welcome gift after the birth (a wish and a gift, no guess). */
  guessedDate: string | null;
  shareUrl: string;
  onClose: () => void;
  /** Reloads the public calendar so the new guess (or the closed state) shows. */
  onContributed: () => void;
};

export default function ContributionDialog({
  calendar,
  slug,
  guessedDate,
  shareUrl,
  onClose,
  onContributed,
}: ContributionDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const thanksRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const t = useT();
  const locale = useLocale();
  // The calendar's money: the presets, the limits and every amount are in it.
  const currency = calendar.currency;
  const welcome = guessedDate === null;
  // After the birth there is nothing left to guess.
  const asks = welcome ? { time: false, weight: false } : { time: calendar.guessTime, weight: calendar.guessWeight };

  // Checked when sent; a field's error goes as soon as it changes. Focus goes to the first wrong field
  // on the page (the submit hook), the weight's and the card's inputs included.
  const form = useFormCheckedOnSend<ContributionFormValues, unknown, ContributionFormOutput>({
    resolver: zodResolver(createContributionFormSchema({ asks, locale, currency, t })),
    defaultValues: welcome ? WELCOME_GIFT_DEFAULTS : EMPTY_CONTRIBUTION,
    shouldFocusError: false,
  });
  const {
    register,
    control,
    watch,
    setFocus,
    formState: { errors },
  } = form;
  const submit = useContributionSubmit({ form, formRef, calendar, slug, guessedDate, onContributed });
  const { phase, busy, done } = submit;

  const nameField = register('name');
  const time = useController({ control, name: 'guessedTimeMinutes' });
  const weight = useController({ control, name: 'guessedWeight' });
  const wish = watch('wish');
  const gift = watch('giftAmount');
  const giftAmount = readGift(gift, { locale, currency }).amount;
  const askingLarge = submit.largeAskFor(giftAmount);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    // showModal focuses the first control (Close); the form starts at the name instead.
    setFocus('name');
  }, [setFocus]);

  // The thanks replace a form that was scrolled down to its button: they start from the top, so
  // the heart and the heading show (on a phone the sheet keeps the form's scroll otherwise).
  useEffect(() => {
    const heading = thanksRef.current;
    if (!done || !heading) return;
    dialogRef.current?.scrollTo({ top: 0 });
    heading.focus({ preventScroll: true });
    heading.scrollIntoView({ block: 'nearest' });
  }, [done]);

  const money = (amount: number) => formatMoney(amount, { currency, locale });
  const dayText = guessedDate === null ? '' : formatMonthDay(guessedDate, locale);
  const { sent } = submit;
  const sentMoney = sent.giftAmount ? money(sent.giftAmount) : '';

  function changeLarge() {
    submit.dismissLarge();
    amountRef.current?.focus();
  }

  return (
    // The dialog's own Escape and backdrop close reach onClose through the 'close' event.
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(event) => {
        // Escape must not drop a contribution that is being sent.
        if (busy) event.preventDefault();
      }}
    >
      <div className={styles.sheet}>
        <button
          type="button"
          className={styles.close}
          aria-label={t('contributions.form.close')}
          onClick={() => !busy && dialogRef.current?.close()}
        >
          ×
        </button>
        {done ? (
          <div className={styles.thanks}>
            <p className={styles.thanksArt} aria-hidden="true">
              ♥
            </p>
            <h2 ref={thanksRef} id={titleId} className={styles.title} tabIndex={-1}>
              {t('contributions.thanks.title')}
            </h2>
            <p className={styles.lead}>
              {welcome ? (
                <T
                  id="contributions.welcome.thanksSummary"
                  values={{ money: sentMoney }}
                  components={{ 0: <strong>{sentMoney}</strong> }}
                />
              ) : (
                <T
                  id="contributions.thanks.summary"
                  values={{
                    day: dayText,
                    time: sent.minutes !== null ? formatTimeOfDay(sent.minutes, locale) : 'none',
                    weight: sent.grams !== null ? formatWeightBoth(sent.grams, locale) : 'none',
                    gift: sent.giftAmount ? 'yes' : 'none',
                    money: sentMoney,
                  }}
                  components={{
                    0: <strong>{dayText}</strong>,
                    1: <strong>{sent.minutes}</strong>,
                    2: <strong>{sent.grams}</strong>,
                    3: <strong>{sentMoney}</strong>,
                  }}
                />
              )}
            </p>
            {phase === 'slow' ? (
              <p className={styles.notice} role="status">
                {t('contributions.thanks.slow')}
              </p>
            ) : (
              <p>{t('contributions.thanks.receipt')}</p>
            )}
            {/* After the birth (a welcome gift) the news is passed on, not the guessing. */}
            <h3 className={styles.subTitle}>
              {calendar.announcement ? t('contributions.thanks.inviteNews') : t('contributions.thanks.invite')}
            </h3>
            <SharePanel url={shareUrl} title={calendar.title} news={getBirthNews(calendar, locale)} />
            <Button size="lg" onClick={() => dialogRef.current?.close()}>
              {t('contributions.thanks.back')}
            </Button>
          </div>
        ) : (
          <form
            ref={formRef}
            className={styles.form}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void submit.send();
            }}
            aria-busy={busy}
          >
            <h2 id={titleId} className={styles.title}>
              {welcome ? t('contributions.welcome.title') : t('contributions.form.title', { day: dayText })}
            </h2>
            {welcome ? (
              <p className={styles.lead}>{t('contributions.welcome.lead')}</p>
            ) : submit.dateProblem ? (
              <p className={styles.problem} role="alert">
                {submit.dateProblem}{' '}
                <button type="button" className={formStyles.linkButton} onClick={() => dialogRef.current?.close()}>
                  {t('contributions.form.pickAnother')}
                </button>
              </p>
            ) : (
              <p className={styles.lead}>
                {t('contributions.form.notSure')}{' '}
                <button type="button" className={formStyles.linkButton} onClick={() => dialogRef.current?.close()}>
                  {t('contributions.form.pickAnother')}
                </button>
              </p>
            )}
            <div className={styles.twoColumns}>
              <TextField
                label={t('contributions.form.name')}
                autoComplete="name"
                maxLength={80}
                error={errors.name?.message}
                {...nameField}
              />
              <TextField
                label={t('contributions.form.email')}
                type="email"
                autoComplete="email"
                error={errors.email?.message}
                hint={t('contributions.form.emailHint')}
                {...register('email')}
              />
            </div>
            <WishField
              registration={register('wish')}
              value={wish}
              error={errors.wish?.message}
              placeholder={t('contributions.form.wishPlaceholder')}
              warnWhenLow
            />

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

            <GiftFields
              control={control}
              currency={currency}
              error={errors.giftAmount?.message}
              amountRef={amountRef}
              onChoose={submit.dismissLarge}
              paymentRef={submit.paymentRef}
              busy={busy}
              onWallet={(method) => void submit.send(method)}
              cardErrors={submit.cardErrors}
              giftRequired={welcome}
            />

            {submit.captchaWidget && <div className={styles.captcha}>{submit.captchaWidget}</div>}

            <div role="status" aria-live="polite" className={styles.status}>
              {phase === 'sending' && (
                <ProgressNote>
                  {giftAmount ? t('contributions.form.sendingWithGift') : t('contributions.form.sendingWish')}
                </ProgressNote>
              )}
              {phase === 'confirming' && <ProgressNote>{t('contributions.form.confirming')}</ProgressNote>}
            </div>
            {submit.problem && (
              <p className={styles.problem} role="alert">
                {submit.problem}
              </p>
            )}
            <div className={styles.actions}>
              {askingLarge ? (
                <div className={styles.confirmLarge}>
                  <p ref={submit.askRef} tabIndex={-1} className={styles.confirmQuestion}>
                    {t('contributions.form.largeGiftQuestion', { money: money(askingLarge.amount) })}
                  </p>
                  <p className={styles.muted}>{t('contributions.form.largeGiftNote')}</p>
                  <div className={styles.confirmButtons}>
                    <Button size="lg" onClick={submit.confirmLarge}>
                      {t('contributions.form.largeGiftYes', { money: money(askingLarge.amount) })}
                    </Button>
                    <Button size="lg" variant="secondary" onClick={changeLarge}>
                      {t('contributions.form.largeGiftChange')}
                    </Button>
                  </div>
                </div>
              ) : (
                <Button type="submit" size="lg" aria-disabled={busy || undefined}>
                  {busy
                    ? t('contributions.form.sending')
                    : giftAmount
                      ? t('contributions.form.sendWithGift', { money: money(giftAmount) })
                      : gift.choice !== 'none'
                        ? t('contributions.form.sendWithSomeGift')
                        : t('contributions.form.send')}
                </Button>
              )}
            </div>
            {!welcome && <p className={styles.muted}>{t('contributions.justForFun')}</p>}
          </form>
        )}
      </div>
    </dialog>
  );
}
