import { PARENTS_NOTE_MAX_LENGTH } from '@firstday/common/schema-constants';
import { type Ref, useId } from 'react';
import { PhotoField } from '../components/photo-field.tsx';
import { useT } from '../i18n/use-t.tsx';
import formStyles from '../styles/form.module.css';
import styles from './parents-page-fields.module.css';

const NEAR_LIMIT = 50;

type ParentsPageFieldsProps = {
  coverImageId: string | null;
  parentsNote: string;
  onChange: (change: { coverImageId?: string | null; parentsNote?: string }) => void;
  errors: { coverImageId?: string; parentsNote?: string };
  onPhotoBusyChange?: (busy: boolean) => void;
  disabled?: boolean;
  /** The note's textarea, for a form that focuses it when it is refused. */
  noteRef?: Ref<HTMLTextAreaElement>;
};

/** The parents' page, both optional: the cover photo and a note guests read on the calendar. */
export function ParentsPageFields({
  coverImageId,
  parentsNote,
  onChange,
  errors,
  onPhotoBusyChange,
  disabled,
  noteRef,
}: ParentsPageFieldsProps) {
  const t = useT();
  const id = useId();
  const remaining = PARENTS_NOTE_MAX_LENGTH - parentsNote.length;
  return (
    <>
      <PhotoField
        label={t('calendars.parentsPage.coverPhoto')}
        hint={t('calendars.parentsPage.coverPhotoHint')}
        value={coverImageId}
        onChange={(next) => onChange({ coverImageId: next })}
        error={errors.coverImageId}
        previewAlt={t('calendars.parentsPage.coverPhotoAlt')}
        onBusyChange={onPhotoBusyChange}
        disabled={disabled}
      />
      <div className={formStyles.field}>
        <label htmlFor={`${id}-note`} className={formStyles.label}>
          {t('calendars.parentsPage.note')}
        </label>
        <textarea
          ref={noteRef}
          id={`${id}-note`}
          className={`${formStyles.input} ${formStyles.textarea}`}
          value={parentsNote}
          maxLength={PARENTS_NOTE_MAX_LENGTH}
          placeholder={t('calendars.parentsPage.notePlaceholder')}
          disabled={disabled}
          onChange={(event) => onChange({ parentsNote: event.target.value })}
          aria-invalid={errors.parentsNote ? true : undefined}
          aria-describedby={[errors.parentsNote ? `${id}-note-error` : '', `${id}-note-count`]
            .filter(Boolean)
            .join(' ')}
        />
        {errors.parentsNote && (
          <p id={`${id}-note-error`} className={formStyles.fieldError}>
            {errors.parentsNote}
          </p>
        )}
        <p id={`${id}-note-count`} className={styles.counter} data-near-limit={remaining <= NEAR_LIMIT || undefined}>
          {t('calendars.parentsPage.noteCount', { count: parentsNote.length, max: PARENTS_NOTE_MAX_LENGTH })}
        </p>
      </div>
    </>
  );
}
