import { PARENTS_NOTE_MAX_LENGTH } from '@firstday/common/calendars';
import { useId } from 'react';
import { PhotoField } from '../components/photo-field.tsx';
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
};

/** The parents' page, both optional: the cover photo and a note guests read on the calendar. */
export function ParentsPageFields({
  coverImageId,
  parentsNote,
  onChange,
  errors,
  onPhotoBusyChange,
  disabled,
}: ParentsPageFieldsProps) {
  const id = useId();
  const remaining = PARENTS_NOTE_MAX_LENGTH - parentsNote.length;
  return (
    <>
      <PhotoField
        label="Cover photo (optional)"
        hint="A bump photo, the two of you, the nursery: guests see it at the top of your calendar. JPEG, PNG, WebP or HEIC, up to 15 MB. We remove the location and camera details."
        value={coverImageId}
        onChange={(next) => onChange({ coverImageId: next })}
        error={errors.coverImageId}
        previewAlt="Your cover photo"
        onBusyChange={onPhotoBusyChange}
        disabled={disabled}
      />
      <div className={formStyles.field}>
        <label htmlFor={`${id}-note`} className={formStyles.label}>
          A note to your guests (optional)
        </label>
        <textarea
          id={`${id}-note`}
          className={`${formStyles.input} ${formStyles.textarea}`}
          value={parentsNote}
          maxLength={PARENTS_NOTE_MAX_LENGTH}
          placeholder="e.g. We can't wait to meet our little one – thank you for guessing with us!"
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
          {parentsNote.length} / {PARENTS_NOTE_MAX_LENGTH} characters
        </p>
      </div>
    </>
  );
}
