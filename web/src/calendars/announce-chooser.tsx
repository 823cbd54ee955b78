import type { OwnerCalendar } from '@firstday/common/calendars';
import { formatLongDate, formatMoney } from '@firstday/common/format';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../components/button.tsx';
import dialogStyles from '../components/modal-dialog.module.css';
import { ModalDialog } from '../components/modal-dialog.tsx';
import styles from './calendars.module.css';
import closingStyles from './closing.module.css';

/** Why a calendar cannot be announced yet, or undefined when it can. */
export function getAnnounceBlocker(calendar: Pick<OwnerCalendar, 'participants'>): string | undefined {
  return calendar.participants > 0
    ? undefined
    : 'Nobody has joined it yet, so there is no one to announce to. To end it anyway, choose ‘Close without celebration’ in its menu.';
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

export function getAnnounceAction(calendars: readonly OwnerCalendar[]): AnnounceAction {
  const active = calendars.filter((calendar) => calendar.status === 'active');
  const [only] = active;
  if (!only) return { kind: 'none' };
  if (active.length === 1) {
    const blocker = getAnnounceBlocker(only);
    return blocker ? { kind: 'blocked', reason: `“${only.title}”: ${blocker}` } : { kind: 'announce', calendar: only };
  }
  if (active.every((calendar) => getAnnounceBlocker(calendar))) {
    return {
      kind: 'blocked',
      reason:
        'Nobody has joined your calendars yet, so there is no one to announce to. To end one anyway, choose ‘Close without celebration’ in its menu.',
    };
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
  const id = useId();
  const [chosenId, setChosenId] = useState(() => calendars.find((calendar) => !getAnnounceBlocker(calendar))?.id);
  const firstRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    firstRef.current?.focus();
  }, []);

  function choose(event: FormEvent) {
    event.preventDefault();
    const chosen = calendars.find((calendar) => calendar.id === chosenId);
    if (chosen && !getAnnounceBlocker(chosen)) onChoose(chosen);
  }

  const firstEnabledId = calendars.find((calendar) => !getAnnounceBlocker(calendar))?.id;

  return (
    <ModalDialog titleId={`${id}-title`} onClose={onClose}>
      {(close) => (
        <form noValidate className={dialogStyles.content} onSubmit={choose}>
          <h2 id={`${id}-title`} className={styles.dialogTitle}>
            Which calendar is the announcement for?
          </h2>
          <p className={styles.dialogText}>
            You have several calendars taking guesses. Choose the one whose baby has arrived: you check the details
            before anything is sent.
          </p>
          <fieldset className={closingStyles.choices}>
            <legend className="visually-hidden">Your active calendars</legend>
            {calendars.map((calendar) => {
              const blocker = getAnnounceBlocker(calendar);
              const facts = [
                calendar.dueDate ? `Due ${formatLongDate(calendar.dueDate)}` : null,
                `${calendar.participants} participant${calendar.participants === 1 ? '' : 's'}`,
                `${formatMoney(calendar.raisedCents)} raised`,
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
                          <span className={closingStyles.choiceReason}>Not available: {blocker}</span>
                        </>
                      )}
                    </span>
                  </span>
                </label>
              );
            })}
          </fieldset>
          <div className={dialogStyles.actions}>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit">Continue</Button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
