import { describe, expect, it } from 'vitest';
import { AUTOPLAY_DELAY_MS, getCarouselOptions } from './carousel-options.ts';

const motion = { reducedMotion: false, slideCount: 8 };

describe('getCarouselOptions', () => {
  it('autoplays every 7 s, pauses on hover and loops', () => {
    for (const kind of ['coverflow', 'stories', 'blog'] as const) {
      const options = getCarouselOptions(kind, motion);
      expect(options.loop).toBe(true);
      expect(options.autoplay).toMatchObject({ delay: 7000, pauseOnMouseEnter: true });
      expect(options.keyboard).toMatchObject({ enabled: true });
      expect(options.a11y).toMatchObject({ enabled: true });
    }
    expect(AUTOPLAY_DELAY_MS).toBe(7000);
  });

  it('turns autoplay off when reduced motion is requested', () => {
    for (const kind of ['coverflow', 'stories', 'blog'] as const) {
      expect(getCarouselOptions(kind, { reducedMotion: true, slideCount: 8 }).autoplay).toBe(false);
    }
  });

  it('shows three stories at 900 px and one below, with 16 px gaps from 450 px', () => {
    const options = getCarouselOptions('stories', motion);
    expect(options.slidesPerView).toBe(1);
    expect(options.spaceBetween).toBe(8);
    expect(options.breakpoints?.[450]).toMatchObject({ spaceBetween: 16 });
    expect(options.breakpoints?.[900]).toMatchObject({ slidesPerView: 3, spaceBetween: 16 });
  });

  it('sizes blog slides automatically below 900 px', () => {
    const options = getCarouselOptions('blog', motion);
    expect(options.slidesPerView).toBe('auto');
    expect(options.spaceBetween).toBe(8);
    expect(options.breakpoints?.[450]).toMatchObject({ spaceBetween: 16 });
    expect(options.breakpoints?.[900]).toMatchObject({ slidesPerView: 3, spaceBetween: 16 });
  });

  it('uses the coverflow effect: stretch 150, 250 from 900 px, rotate 50, scale 0.7', () => {
    const options = getCarouselOptions('coverflow', motion);
    expect(options.effect).toBe('coverflow');
    expect(options.coverflowEffect).toMatchObject({ rotate: 50, stretch: 150, scale: 0.7 });
    expect(options.breakpoints?.[900]?.coverflowEffect).toMatchObject({ rotate: 50, stretch: 250, scale: 0.7 });
  });

  it('rewinds instead of looping when there are too few slides to loop', () => {
    const stories = getCarouselOptions('stories', { reducedMotion: false, slideCount: 3 });
    expect(stories).toMatchObject({ loop: true, rewind: false });
    expect(stories.breakpoints?.[900]).toMatchObject({ loop: false, rewind: true });
    const coverflow = getCarouselOptions('coverflow', { reducedMotion: false, slideCount: 3 });
    expect(coverflow).toMatchObject({ loop: false, rewind: true, initialSlide: 1 });
    expect(getCarouselOptions('coverflow', motion)).toMatchObject({ loop: true, initialSlide: 0 });
  });
});
