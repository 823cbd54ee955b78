import { T } from '../../i18n/use-t.tsx';
import styles from './return-disclaimer.module.css';

/** The calculators' assumption, labelled as an illustration: returns vary and capital is at risk. */
export function ReturnDisclaimer() {
  return (
    <p className={styles.note}>
      <T id="marketing.calculator.disclaimer" components={{ 0: <strong>.</strong> }} />
    </p>
  );
}
