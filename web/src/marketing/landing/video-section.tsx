import sectionStyles from './section.module.css';
import { SectionHeading } from './section-heading.tsx';
import styles from './video-section.module.css';

const POSTER = '/images/video-poster.svg';
const POSTER_ALT =
  'Illustration: a family gathered around a phone showing a pink Firstday calendar full of wishes and hearts';

/** Video section. Plays a real video only when one is configured; otherwise the poster stands alone, with no dead play button. */
export function VideoSection({ videoUrl }: { videoUrl: string | null }) {
  return (
    <section id="Video" className={sectionStyles.section} aria-labelledby="video-title">
      <div className="container">
        <SectionHeading
          id="video-title"
          eyebrow="Video"
          title="See how a calendar comes to life"
          lead="Every guess, wish and gift is kept with your calendar: a story of love to share with your child one day."
        />
        <figure className={styles.frame}>
          {videoUrl ? (
            // biome-ignore lint/a11y/useMediaCaption: the video is configured per deployment (VITE_LANDING_VIDEO_URL); its captions must come with it.
            <video controls preload="none" poster={POSTER} width="1200" height="675" className={styles.media}>
              <source src={videoUrl} />
              <a href={videoUrl}>Download the video</a>
            </video>
          ) : (
            <img
              src={POSTER}
              alt={POSTER_ALT}
              width="1200"
              height="675"
              loading="lazy"
              decoding="async"
              className={styles.media}
            />
          )}
        </figure>
      </div>
    </section>
  );
}
