import styles from './choice-group.module.css';

type ChoiceGroupProps<T extends number | string> = {
  legend: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  formatOption: (value: T) => string;
  /** Round markers (years) instead of pills (amounts, currencies). */
  shape?: 'pill' | 'round';
};

/** A set of toggle buttons (aria-pressed) of which exactly one is chosen; used by both calculators. */
export function ChoiceGroup<T extends number | string>({
  legend,
  options,
  value,
  onChange,
  formatOption,
  shape = 'pill',
}: ChoiceGroupProps<T>) {
  return (
    <fieldset className={`${styles.group} ${shape === 'round' ? styles.round : ''}`}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.options}>
        {options.map((option) => (
          <button
            key={option}
            type="button"
            className={styles.option}
            aria-pressed={option === value}
            onClick={() => onChange(option)}
          >
            {formatOption(option)}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
