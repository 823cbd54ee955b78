import { formatVisitorCreationFee } from '@firstday/common/creation-fee';
import { localeFromPath } from '@firstday/common/locales';
import { webEnv } from '../env.ts';
import { createServerI18n } from '../i18n/catalogues.server.ts';
import type { CataloguesHandle } from '../i18n/namespaces.ts';
import type { LocalePrefixHandle } from '../i18n/request-locale.ts';
import { useLocalizedPath, useT } from '../i18n/use-t.tsx';
import { loadArticles } from '../investments/articles.ts';
import type { IslandsHandle } from '../islands/island.tsx';
import type { Route } from './+types/landing-page';
import { AdvantagesSection } from './landing/advantages-section.tsx';
import { BenefitsSection } from './landing/benefits-section.tsx';
import { selectNewestArticles } from './landing/blog-articles.ts';
import { BlogSection } from './landing/blog-section.tsx';
import { HeroSection } from './landing/hero-section.tsx';
import { HowItWorksSection } from './landing/how-it-works-section.tsx';
import { advantages, howItWorksSteps, infoCards, landingHeroPoints, testimonials } from './landing/landing-content.ts';
import { MilestonesCalculator } from './landing/milestones-calculator.tsx';
import { StoriesSection } from './landing/stories-section.tsx';
import { VideoSection } from './landing/video-section.tsx';
import { prerenderTranslate } from './prerender-texts.ts';
import { buildPageMeta } from './seo.ts';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

export const handle: CataloguesHandle & LocalePrefixHandle & IslandsHandle = {
  islands: true,
  catalogues: ['marketing'],
  localeFromPath: true,
};

/**
 * Runs at build time only (the page is prerendered, once per language). Everything read here
 * (articles, env parser and its zod, list copy) stays out of the browser's JavaScript, whose budget
 * on this page is tight.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const locale = localeFromPath(new URL(request.url).pathname);
  const i18n = createServerI18n(locale);
  const t = prerenderTranslate(i18n);
  const fee = formatVisitorCreationFee(locale);
  return {
    meta: buildPageMeta({
      title: t('prerender.landing.metaTitle'),
      description: t('prerender.landing.metaDescription'),
      path: '/',
      locale,
    }),
    heroPoints: landingHeroPoints(t, fee),
    steps: howItWorksSteps(t),
    infoCards: infoCards(t, fee),
    advantages: advantages(t),
    testimonials: testimonials(t, locale),
    articles: selectNewestArticles(await loadArticles(locale), 3),
    videoUrl: webEnv.VITE_LANDING_VIDEO_URL ?? null,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function LandingPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const localized = useLocalizedPath();
  return (
    <>
      <SiteHeader />
      <main id="main">
        <HeroSection
          id="top"
          title={t('marketing.landing.title')}
          titleAccent={t('marketing.landing.titleAccent')}
          lead={t('marketing.slogan')}
          points={loaderData.heroPoints}
          cta={t('marketing.landing.cta')}
          ctaTo={localized('/join_us')}
          image={{ src: '/images/hero.svg', alt: t('marketing.landing.heroImageAlt') }}
        />
        <HowItWorksSection steps={loaderData.steps} />
        <VideoSection videoUrl={loaderData.videoUrl} />
        <MilestonesCalculator />
        <BenefitsSection cards={loaderData.infoCards} />
        <AdvantagesSection advantages={loaderData.advantages} />
        <StoriesSection testimonials={loaderData.testimonials} />
        <BlogSection articles={loaderData.articles} />
      </main>
      <SiteFooter />
    </>
  );
}
