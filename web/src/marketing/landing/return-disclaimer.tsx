import styles from './return-disclaimer.module.css';

/** The calculators' assumption, labelled as an illustration: returns vary and capital is at risk. */
export function ReturnDisclaimer() {
  return (
    <p className={styles.note}>
      <strong>Illustration only.</strong> Based on the average investment return, for example, 8% per annum. Real
      returns vary and are not guaranteed; the value of an investment can go down as well as up, so your capital is at
      risk. This is not financial advice.
    </p>
  );
}
