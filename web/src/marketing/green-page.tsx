import type { CataloguesHandle } from '../i18n/namespaces.ts';
import type { LocalePrefixHandle } from '../i18n/request-locale.ts';
import type { Route } from './+types/green-page';
import { AdvantagesSection } from './landing/advantages-section.tsx';
import { HeroSection } from './landing/hero-section.tsx';
import { HowItWorksSection } from './landing/how-it-works-section.tsx';
import { InvestmentCalculator } from './landing/investment-calculator.tsx';
import { ADVANTAGES, GREEN_HERO_POINTS, HOW_IT_WORKS_STEPS } from './landing/landing-content.ts';
import { buildPageMeta } from './seo.ts';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/** Build-time only (prerendered page): keeps the env parser, its zod and the list copy out of the browser. */

export const handle: CataloguesHandle & LocalePrefixHandle = { catalogues: ['marketing'], localeFromPath: true };
export function loader() {
  return {
    meta: buildPageMeta({
      title: 'Your Newborn’s First Investment | Firstday',
      description:
        'Turn the gifts of family and friends into your newborn’s first investment: share a due-date calendar, collect wishes and gifts, and watch them grow.',
      path: '/green',
    }),
    heroPoints: GREEN_HERO_POINTS,
    steps: HOW_IT_WORKS_STEPS,
    advantages: ADVANTAGES,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function GreenPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <SiteHeader />
      <main id="main">
        <HeroSection
          id="top"
          title="Your Newborn's First Investment"
          lead="Every small step today grows into endless possibilities tomorrow"
          points={loaderData.heroPoints}
          cta="Start my calendar"
          ctaTo="/join_us"
          image={{
            src: '/images/hero-green.svg',
            alt: 'A small plant growing from a stack of coins beside a rattle and a calendar',
          }}
        />
        <HowItWorksSection steps={loaderData.steps} />
        <AdvantagesSection advantages={loaderData.advantages} />
        <InvestmentCalculator />
      </main>
      <SiteFooter />
    </>
  );
}
