import {
  computeMilestoneValue,
  MILESTONE_AGES,
  MILESTONE_AMOUNTS,
  type MilestoneAge,
  type MilestoneAmount,
} from '@firstday/common/milestones';
import { useState } from 'react';
import { ButtonLink } from '../../components/button.tsx';
import { ChoiceGroup } from './choice-group.tsx';
import { formatDollars } from './format-dollars.ts';
import styles from './investment-calculator.module.css';
import { ReturnDisclaimer } from './return-disclaimer.tsx';
import sectionStyles from './section.module.css';
import { SectionHeading } from './section-heading.tsx';

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
    <section
      id="Investment_calculator"
      className={`${sectionStyles.section} ${sectionStyles.sunny}`}
      aria-labelledby="invest-title"
    >
      <div className="container">
        <SectionHeading
          id="invest-title"
          eyebrow="Investment calculator"
          title="See how a first gift can grow"
          lead="Pick a one-off amount and how long it stays invested for your child."
        />
        <div className={styles.panel}>
          <ol className={styles.steps} aria-label="Progress">
            {STEPS.map((step, index) => {
              const number = index + 1;
              const state = number < reached ? styles.done : number === reached ? styles.current : '';
              return (
                <li
                  key={step}
                  className={`${styles.step} ${state}`}
                  aria-current={number === reached ? 'step' : undefined}
                >
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
              <p className={styles.resultValue}>{formatDollars(value)}</p>
              <p className={styles.resultGain}>{formatDollars(value - amount)} of growth on top of your gift</p>
            </div>
          </div>
        </div>
        <ReturnDisclaimer />
        <div className={sectionStyles.actions}>
          <ButtonLink to="/join_us" size="lg">
            Start your child's Future Fund now
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
