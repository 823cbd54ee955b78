import { formatMoney } from '@firstday/common/format';
import {
  computeMilestoneValue,
  getMilestoneLabels,
  MILESTONE_AGES,
  MILESTONE_AMOUNTS,
  type MilestoneAge,
  type MilestoneAmount,
} from '@firstday/common/milestones';
import { useState } from 'react';
import { messageId, useLocale, useT } from '../../i18n/use-t.tsx';
import { CalculatorSection, ResultValue } from './calculator-section.tsx';
import { ChoiceGroup } from './choice-group.tsx';
import styles from './milestones-calculator.module.css';

/** The calculators count whole dollars (projections rounded): 1469.3 → '$1,469' ('1.469 $' in German). */
function formatDollars(dollars: number, locale: string) {
  return formatMoney(dollars * 100, { minorUnits: 'never', locale });
}

/** The catalogue key of each milestone that `getMilestoneLabels` names. */
const LABEL_IDS = {
  'First music school': messageId('marketing.milestones.label.firstMusicSchool'),
  'First bike': messageId('marketing.milestones.label.firstBike'),
  Hobbies: messageId('marketing.milestones.label.hobbies'),
  'Musical instrument': messageId('marketing.milestones.label.musicalInstrument'),
  'Summer camp': messageId('marketing.milestones.label.summerCamp'),
  'Room renovation': messageId('marketing.milestones.label.roomRenovation'),
  'Private preschool/school': messageId('marketing.milestones.label.privateSchool'),
  'Family vacation': messageId('marketing.milestones.label.familyVacation'),
  Subscriptions: messageId('marketing.milestones.label.subscriptions'),
  'School camp': messageId('marketing.milestones.label.schoolCamp'),
  'Tablet/laptop': messageId('marketing.milestones.label.tabletLaptop'),
  'Language courses': messageId('marketing.milestones.label.languageCourses'),
  'Trip abroad': messageId('marketing.milestones.label.tripAbroad'),
  'Personal computer': messageId('marketing.milestones.label.personalComputer'),
  'Sports training': messageId('marketing.milestones.label.sportsTraining'),
  'International travel': messageId('marketing.milestones.label.internationalTravel'),
  'Study tech gear': messageId('marketing.milestones.label.studyTechGear'),
  'Certified courses': messageId('marketing.milestones.label.certifiedCourses'),
  'Family weekend trip': messageId('marketing.milestones.label.familyWeekendTrip'),
  'First phone': messageId('marketing.milestones.label.firstPhone'),
  'Personal project': messageId('marketing.milestones.label.personalProject'),
  'Academic competition': messageId('marketing.milestones.label.academicCompetition'),
  'Startup seed fund': messageId('marketing.milestones.label.startupSeedFund'),
  'First scooter': messageId('marketing.milestones.label.firstScooter'),
  'College savings': messageId('marketing.milestones.label.collegeSavings'),
  'First car down payment': messageId('marketing.milestones.label.firstCarDownPayment'),
  'Study abroad': messageId('marketing.milestones.label.studyAbroad'),
} as const;

const BLOCK_COLOURS = [styles.pink, styles.blue, styles.sun] as const;

/** 'What If You Had Started Earlier?': an age and an amount give three milestones and a result. */
export function MilestonesCalculator() {
  const [age, setAge] = useState<MilestoneAge>(5);
  const [amount, setAmount] = useState<MilestoneAmount>(1000);
  const value = computeMilestoneValue(amount, age);
  const labels = getMilestoneLabels(age, amount);
  const t = useT();
  const locale = useLocale();
  const dollars = (whole: number) => formatDollars(whole, locale);

  return (
    <CalculatorSection
      id="Time_is_the_Best_Gift"
      headingId="milestones-title"
      eyebrow={t('marketing.header.timeIsTheBestGift')}
      title={t('marketing.milestones.title')}
      lead={t('marketing.milestones.lead')}
      panelClassName={styles.panel}
    >
      <div className={styles.controls}>
        <ChoiceGroup
          legend={t('marketing.milestones.age')}
          shape="round"
          options={MILESTONE_AGES}
          value={age}
          onChange={setAge}
          formatOption={String}
        />
        <ChoiceGroup
          legend={t('marketing.milestones.gift')}
          options={MILESTONE_AMOUNTS}
          value={amount}
          onChange={setAmount}
          formatOption={dollars}
        />
      </div>
      <div className={styles.result} aria-live="polite">
        <p className={styles.resultLabel}>{t('marketing.milestones.result', { age, amount: dollars(amount) })}</p>
        <ResultValue className={styles.resultValue}>{dollars(value)}</ResultValue>
        <p className={styles.resultLabel}>{t('marketing.milestones.enough')}</p>
        <ol className={styles.blocks}>
          {labels.map((label, index) => (
            <li key={label} className={`${styles.block} ${BLOCK_COLOURS[index]}`}>
              <span className={styles.blockNumber} aria-hidden="true">
                {index + 1}
              </span>
              {t(LABEL_IDS[label as keyof typeof LABEL_IDS])}
            </li>
          ))}
        </ol>
      </div>
    </CalculatorSection>
  );
}
