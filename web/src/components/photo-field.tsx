import { checkImageFile, IMAGE_ACCEPT, imageSrcSet, imageUrl } from '@firstday/common/images';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useT } from '../i18n/use-t.tsx';
import { uploadImage } from '../images/images-api.ts';
import { ApiError } from '../lib/api.ts';
import { getErrorMessage } from '../lib/error-messages.ts';
import { focusWhenLost } from '../lib/focus-when-lost.ts';
import { translateValidation } from '../lib/validation-messages.ts';
import formStyles from '../styles/form.module.css';
import { Button } from './button.tsx';
import styles from './photo-field.module.css';

export type PhotoFieldProps = {
  label: string;
  hint?: ReactNode;
  /** The uploaded image's id (`POST /api/images`), or null for none. */
  value: string | null;
  /** A new photo was uploaded (its id), or the photo was removed (null). */
  onChange: (imageId: string | null) => void;
  /** An error from saving the form this field is in (e.g. the server's `fields.coverImageId`). */
  error?: string;
  /** The preview's alt text, e.g. 'Your cover photo'. */
  previewAlt?: string;
  /** True while a photo uploads, so the form can wait before it saves. */
  onBusyChange?: (busy: boolean) => void;
  disabled?: boolean;
};

type Upload = { fileName: string; progress: number; localPreview: string | null };

/**
 * Pick or take a photo (phones offer the camera for `image/*`), upload it with visible progress,
 * preview, replace or remove it. Too large or not an image is said before uploading; the server
 * checks again. Every control is a button; progress and errors are announced.
 */
export function PhotoField({
  label,
  hint,
  value,
  onChange,
  error,
  previewAlt,
  onBusyChange,
  disabled,
}: PhotoFieldProps) {
  const t = useT();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const actionsRef = useRef<HTMLDivElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const [upload, setUpload] = useState<Upload | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const shownError = translateValidation(problem ?? error, t);
  const errorId = shownError ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;

  // Leaving the page mid-upload cancels it.
  useEffect(() => () => abortRef.current?.abort(), []);

  useEffect(() => {
    return () => {
      if (upload?.localPreview) URL.revokeObjectURL(upload.localPreview);
    };
  }, [upload?.localPreview]);

  function choose() {
    inputRef.current?.click();
  }

  async function send(file: File) {
    const refused = checkImageFile(file);
    if (refused) {
      setProblem(refused);
      return;
    }
    setProblem(null);
    const controller = new AbortController();
    abortRef.current = controller;
    setUpload({ fileName: file.name, progress: 0, localPreview: URL.createObjectURL(file) });
    onBusyChange?.(true);
    try {
      const image = await uploadImage(file, {
        signal: controller.signal,
        onProgress: (progress) => setUpload((current) => current && { ...current, progress }),
      });
      onChange(image.id);
    } catch (failure) {
      if (failure instanceof DOMException && failure.name === 'AbortError') return;
      setProblem(
        failure instanceof ApiError && failure.fields.file ? failure.fields.file : getErrorMessage(failure, t),
      );
    } finally {
      if (abortRef.current === controller) abortRef.current = null;
      setUpload(null);
      onBusyChange?.(false);
      // The 'Cancel upload' button had the focus and is gone: hand it to 'Replace photo'.
      focusWhenLost(() => actionsRef.current?.querySelector('button'));
    }
  }

  function cancel() {
    abortRef.current?.abort();
  }

  function remove() {
    setProblem(null);
    onChange(null);
  }

  const percent = upload ? Math.round(upload.progress * 100) : 0;

  return (
    <fieldset className={`${formStyles.field} ${styles.fieldset}`} aria-describedby={describedBy}>
      <legend className={`${formStyles.label} ${styles.legend}`}>{label}</legend>
      <input
        ref={inputRef}
        id={`${id}-input`}
        type="file"
        accept={IMAGE_ACCEPT}
        className={styles.fileInput}
        tabIndex={-1}
        aria-hidden="true"
        disabled={disabled}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // The same file picked again after a refusal must fire a change again.
          event.target.value = '';
          if (file) void send(file);
        }}
      />
      <div
        className={styles.frame}
        data-empty={!value && !upload ? true : undefined}
        aria-busy={upload ? true : undefined}
      >
        {upload ? (
          <div className={styles.uploading}>
            {upload.localPreview && (
              <img
                className={styles.preview}
                src={upload.localPreview}
                alt=""
                onError={(event) => {
                  // HEIC shows in Safari only: elsewhere no preview until the upload is done.
                  event.currentTarget.hidden = true;
                }}
              />
            )}
            <div className={styles.progressBox}>
              <progress className={styles.progress} max={100} value={percent} aria-labelledby={`${id}-progress`} />
              <p id={`${id}-progress`} className={styles.progressText} aria-live="polite">
                {percent < 100 ? t('app.photo.uploading', { percent }) : t('app.photo.preparing')}
              </p>
            </div>
          </div>
        ) : value ? (
          <img
            className={styles.preview}
            src={imageUrl(value, 640)}
            srcSet={imageSrcSet(value)}
            sizes="(max-width: 600px) 90vw, 420px"
            alt={previewAlt ?? t('app.photo.chosenAlt')}
          />
        ) : (
          <p className={styles.placeholder} aria-hidden="true">
            {t('app.photo.none')}
          </p>
        )}
      </div>
      <div ref={actionsRef} className={styles.actions}>
        {upload ? (
          <Button variant="secondary" onClick={cancel}>
            {t('app.photo.cancelUpload')}
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={choose} disabled={disabled} aria-describedby={describedBy}>
              {t(value ? 'app.photo.replace' : 'app.photo.choose')}
            </Button>
            {value && (
              <Button variant="ghost" onClick={remove} disabled={disabled}>
                {t('app.photo.remove')}
              </Button>
            )}
          </>
        )}
      </div>
      {shownError && (
        <p id={errorId} className={formStyles.fieldError} role="alert">
          {shownError}
        </p>
      )}
      {hint && (
        <p id={hintId} className={formStyles.hint}>
          {hint}
        </p>
      )}
    </fieldset>
  );
}
