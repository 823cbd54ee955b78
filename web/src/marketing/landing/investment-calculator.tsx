import { formatMoney } from '@firstday/common/format';
import {
  computeMilestoneValue,
  MILESTONE_AGES,
  MILESTONE_AMOUNTS,
  type MilestoneAge,
  type MilestoneAmount,
} from '@firstday/common/milestones';
import { useState } from 'react';
import { CalculatorSection, ResultValue } from './calculator-section.tsx';
import { ChoiceGroup } from './choice-group.tsx';
import styles from './investment-calculator.module.css';

/** The calculators count whole dollars (projections rounded): 1469.3 → '$1,469'. */
function formatDollars(dollars: number) {
  return formatMoney(dollars * 100, { minorUnits: 'never' });
}

const STEPS = ['Choose an amount', 'Choose a horizon', 'See the result'] as const;

function formatYears(years: number) {
  return `${years} years`;
}

/** The /green variant's investment calculator: amount, then horizon, then the result. */
export function InvestmentCalculator() {
  const [amount, setAmount] = useState<MilestoneAmount>(1000);
  const [years, setYears] = useState<MilestoneAge>(5);
  // The step the visitor has reached; the result is always shown so nobody is left with an empty box.
  const [reached, setReached] = useState(1);
  const value = computeMilestoneValue(amount, years);

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
      eyebrow="Investment calculator"
      title="See how a first gift can grow"
      lead="Pick a one-off amount and how long it stays invested for your child."
    >
      <ol className={styles.steps} aria-label="Progress">
        {STEPS.map((step, index) => {
          const number = index + 1;
          const state = number < reached ? styles.done : number === reached ? styles.current : '';
          return (
            <li key={step} className={`${styles.step} ${state}`} aria-current={number === reached ? 'step' : undefined}>
              <span className={styles.stepNumber}>{number}</span>
              {step}
            </li>
          );
        })}
      </ol>
      <div className={styles.body}>
        <div className={styles.controls}>
          <ChoiceGroup
            legend="1. Amount"
            options={MILESTONE_AMOUNTS}
            value={amount}
            onChange={chooseAmount}
            formatOption={formatDollars}
          />
          <ChoiceGroup
            legend="2. Horizon"
            options={MILESTONE_AGES}
            value={years}
            onChange={chooseYears}
            formatOption={formatYears}
          />
        </div>
        <div className={styles.result} aria-live="polite">
          <p className={styles.resultLabel}>
            3. {formatDollars(amount)} invested for {years} years could grow to
          </p>
          <ResultValue className={styles.resultValue}>{formatDollars(value)}</ResultValue>
          <p className={styles.resultGain}>{formatDollars(value - amount)} of growth on top of your gift</p>
        </div>
      </div>
    </CalculatorSection>
  );
}
