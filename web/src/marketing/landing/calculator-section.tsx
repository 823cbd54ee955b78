import type { ReactNode } from 'react';
import { ButtonAnchor } from '../../components/button.tsx';
import { useLocalizedPath, useT } from '../../i18n/use-t.tsx';
import styles from './calculator-section.module.css';
import { ReturnDisclaimer } from './return-disclaimer.tsx';
import sectionStyles from './section.module.css';
import { SectionHeading } from './section-heading.tsx';

type CalculatorSectionProps = {
  /** The section's anchor, linked from the menus. */
  id: string;
  /** Id of the h2, referenced by the section's aria-labelledby. */
  headingId: string;
  eyebrow: string;
  title: string;
  lead: string;
  /** The calculator's own layout inside the panel. */
  panelClassName?: string;
  children: ReactNode;
};

/** What both calculators share: the sunny section, its heading, the panel, the return disclaimer and the call to action. */
export function CalculatorSection({
  id,
  headingId,
  eyebrow,
  title,
  lead,
  panelClassName,
  children,
}: CalculatorSectionProps) {
  const t = useT();
  const localized = useLocalizedPath();
  return (
    <section id={id} className={`${sectionStyles.section} ${sectionStyles.sunny}`} aria-labelledby={headingId}>
      <div className="container">
        <SectionHeading id={headingId} eyebrow={eyebrow} title={title} lead={lead} />
        <div className={panelClassName ? `${styles.panel} ${panelClassName}` : styles.panel}>{children}</div>
        <ReturnDisclaimer />
        <div className={sectionStyles.actions}>
          <ButtonAnchor href={localized('/join_us')} size="lg">
            {t('marketing.calculator.cta')}
          </ButtonAnchor>
        </div>
      </div>
    </section>
  );
}

/** The calculated amount, the figure the eye looks for; `className` gives it the calculator's colour and spacing. */
export function ResultValue({ className, children }: { className?: string; children: ReactNode }) {
  return <p className={className ? `${styles.resultValue} ${className}` : styles.resultValue}>{children}</p>;
}
