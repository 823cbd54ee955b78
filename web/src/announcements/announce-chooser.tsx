import type { OwnerCalendar } from '@firstday/common/calendars';
import { formatLongDate, formatMoney } from '@firstday/common/format';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import styles from '../calendars/calendars.module.css';
import dialogStyles from '../components/modal-dialog.module.css';
import { ModalDialog, ModalDialogFooter } from '../components/modal-dialog.tsx';
import { type Translate, useLocale, useT } from '../i18n/use-t.tsx';
import closingStyles from './closing.module.css';

/** Why a calendar cannot be announced yet, or undefined when it can. */
export function getAnnounceBlocker(calendar: Pick<OwnerCalendar, 'participants'>, t: Translate): string | undefined {
  return calendar.participants > 0 ? undefined : t('calendars.announceChooser.nobodyJoined');
}

/**
 * What the page-level 'Announce & Receive Funds' does: with one active calendar it announces that
 * one (or says why it cannot); with several it asks which. Pure, so the rules are tested alone.
 */
export type AnnounceAction =
  | { kind: 'none' }
  | { kind: 'blocked'; reason: string }
  | { kind: 'announce'; calendar: OwnerCalendar }
  | { kind: 'choose'; calendars: OwnerCalendar[] };

export function getAnnounceAction(calendars: readonly OwnerCalendar[], t: Translate): AnnounceAction {
  const active = calendars.filter((calendar) => calendar.status === 'active');
  const [only] = active;
  if (!only) return { kind: 'none' };
  if (active.length === 1) {
    const blocker = getAnnounceBlocker(only, t);
    return blocker
      ? { kind: 'blocked', reason: t('calendars.announceChooser.blockedOne', { title: only.title, reason: blocker }) }
      : { kind: 'announce', calendar: only };
  }
  if (active.every((calendar) => getAnnounceBlocker(calendar, t))) {
    return { kind: 'blocked', reason: t('calendars.announceChooser.nobodyJoinedAny') };
  }
  return { kind: 'choose', calendars: active };
}

type AnnounceChooserProps = {
  calendars: readonly OwnerCalendar[];
  onChoose: (calendar: OwnerCalendar) => void;
  onClose: () => void;
};

/** 'Which calendar?': the active calendars as radio choices; one nobody has joined is disabled with the reason. */
export function AnnounceChooserDialog({ calendars, onChoose, onClose }: AnnounceChooserProps) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const [chosenId, setChosenId] = useState(() => calendars.find((calendar) => !getAnnounceBlocker(calendar, t))?.id);
  const firstRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    firstRef.current?.focus();
  }, []);

  function choose(event: FormEvent) {
    event.preventDefault();
    const chosen = calendars.find((calendar) => calendar.id === chosenId);
    if (chosen && !getAnnounceBlocker(chosen, t)) onChoose(chosen);
  }

  const firstEnabledId = calendars.find((calendar) => !getAnnounceBlocker(calendar, t))?.id;

  return (
    <ModalDialog titleId={`${id}-title`} onClose={onClose}>
      {(close) => (
        <form noValidate className={dialogStyles.content} onSubmit={choose}>
          <h2 id={`${id}-title`} className={styles.dialogTitle}>
            {t('calendars.announceChooser.title')}
          </h2>
          <p className={styles.dialogText}>{t('calendars.announceChooser.text')}</p>
          <fieldset className={closingStyles.choices}>
            <legend className="visually-hidden">{t('calendars.announceChooser.legend')}</legend>
            {calendars.map((calendar) => {
              const blocker = getAnnounceBlocker(calendar, t);
              const facts = [
                calendar.dueDate
                  ? t('calendars.announceChooser.due', { date: formatLongDate(calendar.dueDate, locale) })
                  : null,
                t('calendars.announceChooser.participants', { count: calendar.participants }),
                t('calendars.announceChooser.raised', {
                  amount: formatMoney(calendar.raisedAmount, { currency: calendar.currency, locale }),
                }),
              ].filter(Boolean);
              return (
                <label key={calendar.id} className={closingStyles.choice} data-disabled={blocker ? true : undefined}>
                  <input
                    ref={calendar.id === firstEnabledId ? firstRef : undefined}
                    type="radio"
                    name={`${id}-calendar`}
                    value={calendar.id}
                    checked={chosenId === calendar.id}
                    disabled={Boolean(blocker)}
                    onChange={() => setChosenId(calendar.id)}
                    aria-describedby={`${id}-${calendar.id}-facts`}
                  />
                  <span className={closingStyles.choiceText}>
                    <span className={closingStyles.choiceTitle}>{calendar.title}</span>
                    <span id={`${id}-${calendar.id}-facts`} className={closingStyles.choiceHint}>
                      {facts.join(' · ')}
                      {blocker && (
                        <>
                          <br />
                          <span className={closingStyles.choiceReason}>
                            {t('calendars.announceChooser.notAvailable', { reason: blocker })}
                          </span>
                        </>
                      )}
                    </span>
                  </span>
                </label>
              );
            })}
          </fieldset>
          <ModalDialogFooter
            cancelLabel={t('calendars.dialogs.cancel')}
            onCancel={close}
            busy={false}
            confirmLabel={t('calendars.dialogs.continue')}
          />
        </form>
      )}
    </ModalDialog>
  );
}
