import { VISITOR_CURRENCY } from '@firstday/common/creation-fee';
import { CURRENCIES, type Currency } from '@firstday/common/currency';
import { formatMoney } from '@firstday/common/format';
import {
  computeMilestoneValue,
  MILESTONE_AGES,
  MILESTONE_AMOUNTS,
  type MilestoneAge,
  type MilestoneAmount,
} from '@firstday/common/milestones';
import { useState } from 'react';
import { useLocale, useT } from '../../i18n/use-t.tsx';
import { island } from '../../islands/island.tsx';
import { CalculatorSection, ResultValue } from './calculator-section.tsx';
import { ChoiceGroup } from './choice-group.tsx';
import styles from './milestones-calculator.module.css';

/** The calculator counts whole units (projections rounded): 1469.3 → '$1,469', '1.469 €' in German. */
function formatWhole(units: number, currency: Currency, locale: string) {
  return formatMoney(units * 100, { currency, minorUnits: 'never', locale });
}

const CURRENCY_SYMBOLS: Record<Currency, string> = { usd: '$', eur: '€', gbp: '£' };

const BLOCK_COLOURS = [styles.pink, styles.blue, styles.sun] as const;
/** Three milestones per age and amount, as `getMilestoneLabels` (common/milestones.ts) names them in English. */
const MILESTONE_NUMBERS = [1, 2, 3] as const;

/** 'What If You Had Started Earlier?': an age and an amount give three milestones and a result. */
export const MilestonesCalculator = island('MilestonesCalculator', function MilestonesCalculator() {
  const [age, setAge] = useState<MilestoneAge>(5);
  const [amount, setAmount] = useState<MilestoneAmount>(1000);
  const value = computeMilestoneValue(amount, age);
  const t = useT();
  const locale = useLocale();
  const [currency, setCurrency] = useState<Currency>(VISITOR_CURRENCY[locale]);
  const money = (whole: number) => formatWhole(whole, currency, locale);

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
          formatOption={money}
        />
        <ChoiceGroup
          legend={t('marketing.milestones.currency')}
          options={CURRENCIES}
          value={currency}
          onChange={setCurrency}
          formatOption={(option) => CURRENCY_SYMBOLS[option]}
        />
      </div>
      <div className={styles.result} aria-live="polite">
        <p className={styles.resultLabel}>{t('marketing.milestones.result', { age, amount: money(amount) })}</p>
        <ResultValue className={styles.resultValue}>{money(value)}</ResultValue>
        <p className={styles.resultLabel}>{t('marketing.milestones.enough')}</p>
        <ol className={styles.blocks}>
          {MILESTONE_NUMBERS.map((number, index) => (
            <li key={`${age}-${amount}-${number}`} className={`${styles.block} ${BLOCK_COLOURS[index]}`}>
              <span className={styles.blockNumber} aria-hidden="true">
                {number}
              </span>
              {t(`marketing.milestones.label.a${age}_${amount}_${number}`)}
            </li>
          ))}
        </ol>
      </div>
    </CalculatorSection>
  );
});
