import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { Swiper as SwiperInstance } from 'swiper/types';
import { useT } from '../i18n/use-t.tsx';
import styles from './carousel.module.css';
import type { CarouselKind } from './carousel-options.ts';

export type CarouselSlide = { key: string; content: ReactNode };

type CarouselProps = {
  kind: CarouselKind;
  /** Accessible name of the carousel region, e.g. 'How it works steps'. */
  label: string;
  slides: readonly CarouselSlide[];
};

type AutoplayState = 'off' | 'playing' | 'paused';

/**
 * Prerendered slides in Swiper's markup. Without JavaScript (and until it scrolls near the
 * viewport) the row scrolls with CSS scroll-snap; then Swiper is loaded and takes over in place.
 */
export function Carousel({ kind, label, slides }: CarouselProps) {
  const t = useT();
  const viewportRef = useRef<HTMLDivElement>(null);
  const prevRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const swiperRef = useRef<SwiperInstance | null>(null);
  const [autoplay, setAutoplay] = useState<AutoplayState>('off');

  useEffect(() => {
    const viewport = viewportRef.current;
    const prevEl = prevRef.current;
    const nextEl = nextRef.current;
    if (!viewport || !prevEl || !nextEl) return;
    let disposed = false;
    const messages = {
      previous: t('common.carousel.previous'),
      next: t('common.carousel.next'),
      slideLabel: t('common.carousel.slideLabel', { index: '{{index}}', count: '{{slidesLength}}' }),
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void import('./carousel-loader.ts')
          .then(({ createCarousel }) => createCarousel(viewport, kind, { prevEl, nextEl }, messages))
          .then((swiper) => {
            if (disposed) {
              swiper.destroy(true, true);
              return;
            }
            swiperRef.current = swiper;
            setAutoplay(swiper.autoplay?.running ? 'playing' : 'off');
          });
      },
      { rootMargin: '300px 0px' },
    );
    observer.observe(viewport);
    return () => {
      disposed = true;
      observer.disconnect();
      swiperRef.current?.destroy(true, true);
      swiperRef.current = null;
    };
  }, [kind, t]);

  function scrollFallback(direction: 1 | -1) {
    const wrapper = viewportRef.current?.firstElementChild;
    const slide = wrapper?.firstElementChild;
    if (wrapper && slide)
      wrapper.scrollBy({ left: direction * slide.getBoundingClientRect().width, behavior: 'smooth' });
  }

  function showPrevious() {
    if (!swiperRef.current) scrollFallback(-1);
  }

  function showNext() {
    if (!swiperRef.current) scrollFallback(1);
  }

  function toggleAutoplay() {
    const swiper = swiperRef.current;
    if (!swiper?.autoplay) return;
    if (autoplay === 'playing') {
      swiper.autoplay.stop();
      setAutoplay('paused');
    } else {
      swiper.autoplay.start();
      setAutoplay('playing');
    }
  }

  // Keyboard users reading a slide should not have it slide away under them.
  function pauseWhileFocused() {
    if (autoplay === 'playing') swiperRef.current?.autoplay?.pause();
  }

  function resumeAfterFocus() {
    if (autoplay === 'playing') swiperRef.current?.autoplay?.resume();
  }

  return (
    <section
      className={`${styles.carousel} ${styles[kind]} ${slides.length <= 3 ? styles.fewSlides : ''}`}
      aria-roledescription={t('common.carousel.roleDescription')}
      aria-label={label}
      onFocus={pauseWhileFocused}
      onBlur={resumeAfterFocus}
    >
      <div ref={viewportRef} className={`swiper ${styles.viewport}`}>
        {/* Focusable so keyboard users can scroll the slides before Swiper takes over (axe: scrollable-region-focusable). */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard. */}
        <div className="swiper-wrapper" tabIndex={0}>
          {slides.map((slide, index) => (
            // biome-ignore lint/a11y/useSemanticElements: Swiper needs a div slide; 'group' + 'slide' is the WAI-ARIA carousel pattern.
            <div
              key={slide.key}
              className={`swiper-slide ${styles.slide}`}
              role="group"
              aria-roledescription={t('common.carousel.slideRoleDescription')}
              aria-label={t('common.carousel.slideLabel', { index: index + 1, count: slides.length })}
            >
              {slide.content}
            </div>
          ))}
        </div>
      </div>
      <div className={styles.controls}>
        <button
          ref={prevRef}
          type="button"
          className={styles.arrow}
          aria-label={t('common.carousel.previous')}
          onClick={showPrevious}
        >
          <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
            <path d="M12.5 4 6.5 10l6 6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        </button>
        <button
          type="button"
          className={styles.pause}
          onClick={toggleAutoplay}
          hidden={autoplay === 'off'}
          aria-label={t(autoplay === 'playing' ? 'common.carousel.pause' : 'common.carousel.resume')}
        >
          {autoplay === 'playing' ? (
            <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
              <rect x="3" y="2" width="3.5" height="12" rx="1" fill="currentColor" />
              <rect x="9.5" y="2" width="3.5" height="12" rx="1" fill="currentColor" />
            </svg>
          ) : (
            <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
              <path d="M4 2.5v11l9.5-5.5z" fill="currentColor" />
            </svg>
          )}
        </button>
        <button
          ref={nextRef}
          type="button"
          className={styles.arrow}
          aria-label={t('common.carousel.next')}
          onClick={showNext}
        >
          <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
            <path d="m7.5 4 6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
    </section>
  );
}
