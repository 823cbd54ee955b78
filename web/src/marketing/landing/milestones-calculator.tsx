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
import { ButtonLink } from '../../components/button.tsx';
import { ChoiceGroup } from './choice-group.tsx';
import { formatDollars } from './format-dollars.ts';
import styles from './milestones-calculator.module.css';
import { ReturnDisclaimer } from './return-disclaimer.tsx';
import sectionStyles from './section.module.css';
import { SectionHeading } from './section-heading.tsx';

const BLOCK_COLOURS = [styles.pink, styles.blue, styles.sun] as const;

/** 'What If You Had Started Earlier?': an age and an amount give three milestones and a result. */
export function MilestonesCalculator() {
  const [age, setAge] = useState<MilestoneAge>(5);
  const [amount, setAmount] = useState<MilestoneAmount>(1000);
  const value = computeMilestoneValue(amount, age);
  const labels = getMilestoneLabels(age, amount);

  return (
    <section
      id="Time_is_the_Best_Gift"
      className={`${sectionStyles.section} ${sectionStyles.sunny}`}
      aria-labelledby="milestones-title"
    >
      <div className="container">
        <SectionHeading
          id="milestones-title"
          eyebrow={SITE.tagline}
          title="What If You Had Started Earlier?"
          lead="Choose an age and a one-off gift made at birth to see what it could grow into."
        />
        <div className={styles.panel}>
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
            <p className={styles.resultValue}>{formatDollars(value)}</p>
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
