import { formatMoney } from '@firstday/common/format';
import {
  computeMilestoneValue,
  getMilestoneLabels,
  MILESTONE_AGES,
  MILESTONE_AMOUNTS,
  type MilestoneAge,
  type MilestoneAmount,
} from '@firstday/common/milestones';
import { SITE } from '@firstday/common/site';
import { useState } from 'react';
import { CalculatorSection, ResultValue } from './calculator-section.tsx';
import { ChoiceGroup } from './choice-group.tsx';
import styles from './milestones-calculator.module.css';

/** The calculators count whole dollars (projections rounded): 1469.3 → '$1,469'. */
function formatDollars(dollars: number) {
  return formatMoney(dollars * 100, { minorUnits: 'never' });
}

const BLOCK_COLOURS = [styles.pink, styles.blue, styles.sun] as const;

/** 'What If You Had Started Earlier?': an age and an amount give three milestones and a result. */
export function MilestonesCalculator() {
  const [age, setAge] = useState<MilestoneAge>(5);
  const [amount, setAmount] = useState<MilestoneAmount>(1000);
  const value = computeMilestoneValue(amount, age);
  const labels = getMilestoneLabels(age, amount);

  return (
    <CalculatorSection
      id="Time_is_the_Best_Gift"
      headingId="milestones-title"
      eyebrow={SITE.tagline}
      title="What If You Had Started Earlier?"
      lead="Choose an age and a one-off gift made at birth to see what it could grow into."
      panelClassName={styles.panel}
    >
      <div className={styles.controls}>
        <ChoiceGroup
          legend="Years old"
          shape="round"
          options={MILESTONE_AGES}
          value={age}
          onChange={setAge}
          formatOption={String}
        />
        <ChoiceGroup
          legend="Gift at birth"
          options={MILESTONE_AMOUNTS}
          value={amount}
          onChange={setAmount}
          formatOption={formatDollars}
        />
      </div>
      <div className={styles.result} aria-live="polite">
        <p className={styles.resultLabel}>
          At {age} years old, a {formatDollars(amount)} gift made at birth could be worth
        </p>
        <ResultValue className={styles.resultValue}>{formatDollars(value)}</ResultValue>
        <p className={styles.resultLabel}>enough for:</p>
        <ol className={styles.blocks}>
          {labels.map((label, index) => (
            <li key={label} className={`${styles.block} ${BLOCK_COLOURS[index]}`}>
              <span className={styles.blockNumber} aria-hidden="true">
                {index + 1}
              </span>
              {label}
            </li>
          ))}
        </ol>
      </div>
    </CalculatorSection>
  );
}
