import { formatMoney } from '@firstday/common/format';
import type { Locale } from '@firstday/common/locales';
import type { PrerenderTranslate as Translate } from '../prerender-texts.ts';

/**
 * Copy of the landing sections that come in lists. Read by the pages' build-time loaders, which
 * translate it into the page's language (prerender catalogue) and hand it to the sections as props, so this text ships
 * once in the prerendered HTML, not again in the page's JavaScript.
 */

export type HowItWorksStep = { key: string; title: string; text: string; image: string; alt: string };
export type Advantage = { title: string; text: string };
export type InfoCard = { type: 'calendar' | 'star' | 'business'; title: string; description: string };
export type Testimonial = { key: string; avatar: string; name: string; description: string; price: string };

export function howItWorksSteps(t: Translate): readonly HowItWorksStep[] {
  return [
    {
      key: 'create',
      title: t('prerender.steps.create.title'),
      text: t('prerender.steps.create.text'),
      image: '/images/step-create.svg',
      alt: t('prerender.steps.create.alt'),
    },
    {
      key: 'predict',
      title: t('prerender.steps.predict.title'),
      text: t('prerender.steps.predict.text'),
      image: '/images/step-predict.svg',
      alt: t('prerender.steps.predict.alt'),
    },
    {
      key: 'celebrate',
      title: t('prerender.steps.celebrate.title'),
      text: t('prerender.steps.celebrate.text'),
      image: '/images/step-celebrate.svg',
      alt: t('prerender.steps.celebrate.alt'),
    },
  ];
}

export function advantages(t: Translate): readonly Advantage[] {
  return (['helpful', 'countdown', 'memories', 'anywhere'] as const).map((name) => ({
    title: t(`prerender.advantages.${name}.title`),
    text: t(`prerender.advantages.${name}.text`),
  }));
}

/** `fee`: the creation fee in the visitor's currency ('20 €' on /de/), which the business card names. */
export function infoCards(t: Translate, fee: string): readonly InfoCard[] {
  return (['calendar', 'star', 'business'] as const).map((type) => ({
    type,
    title: t(`prerender.infoCards.${type}.title`),
    description: t(`prerender.infoCards.${type}.description`, { fee }),
  }));
}

/**
 * The stories' amounts: in English the specification's own words ('980$', '1 200$'); in German and
 * Russian as their language writes dollars ('980 $', '1.200 $').
 */
export function testimonials(t: Translate, locale: Locale): readonly Testimonial[] {
  const price = (amount: number, specified: string) =>
    locale === 'en' ? specified : formatMoney(amount, { currency: 'usd', locale });
  return [
    {
      key: 'emily',
      avatar: '/images/avatar-emily.svg',
      name: 'Emily R.',
      description: t('prerender.stories.emily'),
      price: price(98_000, '980$'),
    },
    {
      key: 'daniel',
      avatar: '/images/avatar-daniel.svg',
      name: 'Daniel & Sophie',
      description: t('prerender.stories.daniel'),
      price: price(35_000, '350$'),
    },
    {
      key: 'maria',
      avatar: '/images/avatar-maria.svg',
      name: 'Maria K.',
      description: t('prerender.stories.maria'),
      price: price(120_000, '1 200$'),
    },
  ];
}

/** `fee`: the creation fee in the visitor's currency, named by the first point. */
export function landingHeroPoints(t: Translate, fee: string): readonly string[] {
  return [t('prerender.landing.point1', { fee }), t('prerender.landing.point2'), t('prerender.landing.point3')];
}

export function greenHeroPoints(t: Translate): readonly string[] {
  return [t('prerender.green.point1'), t('prerender.green.point2'), t('prerender.green.point3')];
}
