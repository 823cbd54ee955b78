import { BACKGROUNDS, type BackgroundId } from '@firstday/common/backgrounds';
import { useId } from 'react';
import { useT } from '../i18n/use-t.tsx';
import formStyles from '../styles/form.module.css';
import { getBackgroundName } from './calendar-visuals.tsx';
import styles from './calendars.module.css';

type BackgroundPickerProps = {
  legend: string;
  value: BackgroundId;
  onChange: (background: BackgroundId) => void;
  error?: string;
};

/** The three backgrounds as native radio buttons drawn as swatches: arrow keys and screen readers work as usual. */
export function BackgroundPicker({ legend, value, onChange, error }: BackgroundPickerProps) {
  const t = useT();
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset className={styles.picker} aria-describedby={error ? errorId : undefined}>
      <legend className={styles.pickerLegend}>{legend}</legend>
      <div className={styles.swatches}>
        {BACKGROUNDS.map((background) => (
          <label key={background.id} className={styles.swatch} data-background={background.id}>
            <input
              type="radio"
              name={name}
              value={background.id}
              checked={value === background.id}
              onChange={() => onChange(background.id)}
            />
            <span className={styles.swatchColor} aria-hidden="true" />
            <span className={styles.swatchName}>{getBackgroundName(background.id, t)}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className={formStyles.errorText}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
