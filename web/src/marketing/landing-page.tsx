import { SITE } from '@firstday/common/site';
import { webEnv } from '../env.ts';
import { ARTICLES } from '../investments/articles.ts';
import type { Route } from './+types/landing-page';
import { AdvantagesSection } from './landing/advantages-section.tsx';
import { BenefitsSection } from './landing/benefits-section.tsx';
import { selectNewestArticles } from './landing/blog-articles.ts';
import { BlogSection } from './landing/blog-section.tsx';
import { HeroSection } from './landing/hero-section.tsx';
import { HowItWorksSection } from './landing/how-it-works-section.tsx';
import {
  ADVANTAGES,
  HOW_IT_WORKS_STEPS,
  INFO_CARDS,
  LANDING_HERO_POINTS,
  TESTIMONIALS,
} from './landing/landing-content.ts';
import { MilestonesCalculator } from './landing/milestones-calculator.tsx';
import { StoriesSection } from './landing/stories-section.tsx';
import { VideoSection } from './landing/video-section.tsx';
import { buildPageMeta } from './seo.ts';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/**
 * Runs at build time only (the page is prerendered). Everything read here (articles, env parser and
 * its zod, list copy) stays out of the browser's JavaScript, whose budget on this page is tight.
 */
export function loader() {
  return {
    meta: buildPageMeta({
      title: 'Firstday: A Gift for Life. Start your child’s journey today',
      description:
        'Create a due-date calendar, share one link, and let family and friends guess the birthday, leave wishes and send gifts for your child’s future.',
      path: '/',
    }),
    heroPoints: LANDING_HERO_POINTS,
    steps: HOW_IT_WORKS_STEPS,
    infoCards: INFO_CARDS,
    advantages: ADVANTAGES,
    testimonials: TESTIMONIALS,
    articles: selectNewestArticles(ARTICLES, 3),
    videoUrl: webEnv.VITE_LANDING_VIDEO_URL ?? null,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function LandingPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <SiteHeader />
      <main id="main">
        <HeroSection
          id="top"
          title="A Gift for Life:"
          titleAccent="Start your child's journey today"
          lead={SITE.slogan}
          points={loaderData.heroPoints}
          cta="Start my calendar"
          image={{
            src: '/images/hero.svg',
            alt: 'A smiling baby under a pink Firstday calendar, with a gift box, hearts and a growing plant',
          }}
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
