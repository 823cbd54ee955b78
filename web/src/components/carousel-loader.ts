import type { Swiper as SwiperInstance } from 'swiper/types';
import { type CarouselKind, type CarouselMessages, getCarouselOptions } from './carousel-options.ts';

type NavigationElements = { prevEl: HTMLElement; nextEl: HTMLElement };

/**
 * Loads Swiper and its CSS on demand and turns prerendered `.swiper` markup into a carousel.
 * Kept out of the page bundle: the carousels are below the fold and work as scroll-snap rows until then.
 */
export async function createCarousel(
  element: HTMLElement,
  kind: CarouselKind,
  navigation: NavigationElements,
  messages: CarouselMessages,
): Promise<SwiperInstance> {
  const [{ default: Swiper }, { A11y, Autoplay, EffectCoverflow, Keyboard, Navigation }] = await Promise.all([
    import('swiper'),
    import('swiper/modules'),
    import('swiper/css'),
  ]);
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const modules = [A11y, Autoplay, Keyboard, Navigation];
  if (kind === 'coverflow') modules.push(EffectCoverflow);
  return new Swiper(element, {
    ...getCarouselOptions(kind, {
      reducedMotion,
      slideCount: element.querySelectorAll('.swiper-slide').length,
      messages,
    }),
    modules,
    navigation: { ...navigation, lockClass: 'is-locked', disabledClass: 'is-disabled' },
  });
}
