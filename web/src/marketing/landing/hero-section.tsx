import { ButtonAnchor } from '../../components/button.tsx';
import styles from './hero-section.module.css';

type HeroSectionProps = {
  id: string;
  title: string;
  /** Second line of the h1, in the accent colour. */
  titleAccent?: string;
  lead: string;
  points: readonly string[];
  cta: string;
  /** Where the button leads: the start page in the visitor's language. */
  ctaTo: string;
  image: { src: string; alt: string };
};

/** First screen of a landing variant: the page's h1, lead, info points, start button and artwork. */
export function HeroSection({ id, title, titleAccent, lead, points, cta, ctaTo, image }: HeroSectionProps) {
  return (
    <section id={id} className={styles.hero} aria-labelledby={`${id}-title`}>
      <div className={`container ${styles.inner}`}>
        <div>
          <h1 id={`${id}-title`} className={styles.title}>
            {title}
            {titleAccent && <span className={styles.titleAccent}> {titleAccent}</span>}
          </h1>
          <p className={styles.lead}>{lead}</p>
          <ul className={styles.points}>
            {points.map((point) => (
              <li key={point}>
                <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <circle cx="12" cy="12" r="12" fill="#fde3ea" />
                  <path
                    d="m7 12.5 3.2 3.2L17 9"
                    fill="none"
                    stroke="#b53764"
                    strokeWidth="2.4"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </svg>
                <span>{point}</span>
              </li>
            ))}
          </ul>
          <ButtonAnchor href={ctaTo} size="lg">
            {cta}
          </ButtonAnchor>
        </div>
        <div className={styles.art}>
          <img src={image.src} alt={image.alt} width="560" height="520" fetchPriority="high" />
        </div>
      </div>
    </section>
  );
}
