import { localeFromPath } from '@firstday/common/locales';
import { createServerI18n } from '../i18n/catalogues.server.ts';
import type { CataloguesHandle } from '../i18n/namespaces.ts';
import type { LocalePrefixHandle } from '../i18n/request-locale.ts';
import { useLocalizedPath, useT } from '../i18n/use-t.tsx';
import type { IslandsHandle } from '../islands/island.tsx';
import type { Route } from './+types/green-page';
import { AdvantagesSection } from './landing/advantages-section.tsx';
import { HeroSection } from './landing/hero-section.tsx';
import { HowItWorksSection } from './landing/how-it-works-section.tsx';
import { InvestmentCalculator } from './landing/investment-calculator.tsx';
import { advantages, greenHeroPoints, howItWorksSteps } from './landing/landing-content.ts';
import { prerenderTranslate } from './prerender-texts.ts';
import { buildPageMeta } from './seo.ts';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/** Build-time only (prerendered page, once per language): keeps the env parser, its zod and the list copy out of the browser. */

export const handle: CataloguesHandle & LocalePrefixHandle & IslandsHandle = {
  islands: true,
  catalogues: ['marketing', 'pages'],
  localeFromPath: true,
};
export function loader({ request }: Route.LoaderArgs) {
  const locale = localeFromPath(new URL(request.url).pathname);
  const i18n = createServerI18n(locale);
  const t = prerenderTranslate(i18n);
  return {
    meta: buildPageMeta({
      title: t('prerender.green.metaTitle'),
      description: t('prerender.green.metaDescription'),
      path: '/green',
      locale,
    }),
    heroPoints: greenHeroPoints(t),
    steps: howItWorksSteps(t),
    advantages: advantages(t),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function GreenPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const localized = useLocalizedPath();
  return (
    <>
      <SiteHeader />
      <main id="main">
        <HeroSection
          id="top"
          title={t('pages.green.title')}
          lead={t('pages.green.lead')}
          points={loaderData.heroPoints}
          cta={t('marketing.landing.cta')}
          ctaTo={localized('/join_us')}
          image={{
            src: '/images/hero-green.svg',
            alt: t('pages.green.heroImageAlt'),
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
