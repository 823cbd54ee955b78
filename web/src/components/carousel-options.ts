import type { SwiperOptions } from 'swiper/types';

/** The three carousels of the marketing pages, with the specification's parameters (section 9). */
export type CarouselKind = 'coverflow' | 'stories' | 'blog';

export const AUTOPLAY_DELAY_MS = 7000;
/** Width from which stories and blog show three slides and coverflow stretches further. */
export const WIDE_BREAKPOINT_PX = 900;
/** Width from which the gap between slides grows from 8 px to 16 px. */
export const GAP_BREAKPOINT_PX = 450;

/** Swiper's screen-reader texts, in the page's language; `slideLabel` has Swiper's `{{index}}` and `{{slidesLength}}`. */
export type CarouselMessages = { previous: string; next: string; slideLabel: string };

type CarouselContext = { reducedMotion: boolean; slideCount: number; messages?: CarouselMessages };

const ENGLISH_MESSAGES: CarouselMessages = {
  previous: 'Previous slide',
  next: 'Next slide',
  slideLabel: '{{index}} of {{slidesLength}}',
};

/**
 * Swiper's loop needs more slides than are visible (it warns and misbehaves otherwise), so with
 * few slides the carousel rewinds to the first slide instead, which looks and feels the same.
 */
function getLoopOptions(canLoop: boolean): Pick<SwiperOptions, 'loop' | 'rewind'> {
  return { loop: canLoop, rewind: !canLoop };
}

function getAutoplay(reducedMotion: boolean): SwiperOptions['autoplay'] {
  // Moving content is opt-out for people who asked their system for less motion.
  if (reducedMotion) return false;
  return { delay: AUTOPLAY_DELAY_MS, pauseOnMouseEnter: true, disableOnInteraction: false };
}

function getSharedOptions({ reducedMotion, messages = ENGLISH_MESSAGES }: CarouselContext): SwiperOptions {
  return {
    autoplay: getAutoplay(reducedMotion),
    speed: reducedMotion ? 0 : 500,
    keyboard: { enabled: true, onlyInViewport: true },
    a11y: {
      enabled: true,
      prevSlideMessage: messages.previous,
      nextSlideMessage: messages.next,
      slideLabelMessage: messages.slideLabel,
    },
    watchOverflow: true,
  };
}

/** Swiper options for one carousel kind; modules and navigation elements are added by the loader. */
export function getCarouselOptions(kind: CarouselKind, context: CarouselContext): SwiperOptions {
  const shared = getSharedOptions(context);
  const { slideCount } = context;
  if (kind === 'coverflow') {
    // A centred coverflow shows up to three cards and needs two more on each side to loop.
    const canLoop = slideCount >= 7;
    return {
      ...shared,
      ...getLoopOptions(canLoop),
      // Start in the middle so both sides of the coverflow are filled.
      initialSlide: canLoop ? 0 : Math.floor((slideCount - 1) / 2),
      effect: 'coverflow',
      centeredSlides: true,
      slidesPerView: 'auto',
      coverflowEffect: { rotate: 50, stretch: 150, depth: 100, modifier: 1, scale: 0.7, slideShadows: false },
      breakpoints: {
        [WIDE_BREAKPOINT_PX]: {
          coverflowEffect: { rotate: 50, stretch: 250, depth: 100, modifier: 1, scale: 0.7, slideShadows: false },
        },
      },
    };
  }
  return {
    ...shared,
    ...getLoopOptions(slideCount >= 3),
    slidesPerView: kind === 'blog' ? 'auto' : 1,
    spaceBetween: 8,
    breakpoints: {
      [GAP_BREAKPOINT_PX]: { spaceBetween: 16 },
      [WIDE_BREAKPOINT_PX]: { slidesPerView: 3, spaceBetween: 16, ...getLoopOptions(slideCount >= 4) },
    },
  };
}
