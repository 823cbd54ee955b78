import { formatMoney } from '@firstday/common/format';
import {
  computeMilestoneValue,
  MILESTONE_AGES,
  MILESTONE_AMOUNTS,
  type MilestoneAge,
  type MilestoneAmount,
} from '@firstday/common/milestones';
import { useState } from 'react';
import { messageId, useLocale, useT } from '../../i18n/use-t.tsx';
import { island } from '../../islands/island.tsx';
import { CalculatorSection, ResultValue } from './calculator-section.tsx';
import { ChoiceGroup } from './choice-group.tsx';
import styles from './investment-calculator.module.css';

/** The calculators count whole dollars (projections rounded): 1469.3 → '$1,469'. */
function formatDollars(dollars: number, locale: string) {
  return formatMoney(dollars * 100, { minorUnits: 'never', locale });
}

const STEPS = [
  messageId('pages.invest.step1'),
  messageId('pages.invest.step2'),
  messageId('pages.invest.step3'),
] as const;

/** The /green variant's investment calculator: amount, then horizon, then the result. */
export const InvestmentCalculator = island('InvestmentCalculator', function InvestmentCalculator() {
  const [amount, setAmount] = useState<MilestoneAmount>(1000);
  const [years, setYears] = useState<MilestoneAge>(5);
  // The step the visitor has reached; the result is always shown so nobody is left with an empty box.
  const [reached, setReached] = useState(1);
  const value = computeMilestoneValue(amount, years);
  const t = useT();
  const locale = useLocale();
  const dollars = (whole: number) => formatDollars(whole, locale);
  const formatYears = (count: number) => t('pages.invest.years', { years: count });

  function chooseAmount(next: MilestoneAmount) {
    setAmount(next);
    setReached((step) => Math.max(step, 2));
  }

  function chooseYears(next: MilestoneAge) {
    setYears(next);
    setReached(3);
  }

  return (
    <CalculatorSection
      id="Investment_calculator"
      headingId="invest-title"
      eyebrow={t('pages.invest.eyebrow')}
      title={t('pages.invest.title')}
      lead={t('pages.invest.lead')}
    >
      <ol className={styles.steps} aria-label={t('pages.invest.progress')}>
        {STEPS.map((step, index) => {
          const number = index + 1;
          const state = number < reached ? styles.done : number === reached ? styles.current : '';
          return (
            <li key={step} className={`${styles.step} ${state}`} aria-current={number === reached ? 'step' : undefined}>
              <span className={styles.stepNumber}>{number}</span>
              {t(step)}
            </li>
          );
        })}
      </ol>
      <div className={styles.body}>
        <div className={styles.controls}>
          <ChoiceGroup
            legend={t('pages.invest.amount')}
            options={MILESTONE_AMOUNTS}
            value={amount}
            onChange={chooseAmount}
            formatOption={dollars}
          />
          <ChoiceGroup
            legend={t('pages.invest.horizon')}
            options={MILESTONE_AGES}
            value={years}
            onChange={chooseYears}
            formatOption={formatYears}
          />
        </div>
        <div className={styles.result} aria-live="polite">
          <p className={styles.resultLabel}>{t('pages.invest.result', { amount: dollars(amount), years })}</p>
          <ResultValue className={styles.resultValue}>{dollars(value)}</ResultValue>
          <p className={styles.resultGain}>{t('pages.invest.gain', { amount: dollars(value - amount) })}</p>
        </div>
      </div>
    </CalculatorSection>
  );
});
