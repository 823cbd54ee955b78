import { useT } from '../../i18n/use-t.tsx';
import sectionStyles from './section.module.css';
import { SectionHeading } from './section-heading.tsx';
import styles from './video-section.module.css';

const POSTER = '/images/video-poster.svg';

/** Video section. Plays a real video only when one is configured; otherwise the poster stands alone, with no dead play button. */
export function VideoSection({ videoUrl }: { videoUrl: string | null }) {
  const t = useT();
  return (
    <section id="Video" className={sectionStyles.section} aria-labelledby="video-title">
      <div className="container">
        <SectionHeading
          id="video-title"
          eyebrow={t('marketing.header.video')}
          title={t('marketing.video.title')}
          lead={t('marketing.video.lead')}
        />
        <figure className={styles.frame}>
          {videoUrl ? (
            // biome-ignore lint/a11y/useMediaCaption: the video is configured per deployment (VITE_LANDING_VIDEO_URL); its captions must come with it.
            <video controls preload="none" poster={POSTER} width="1200" height="675" className={styles.media}>
              <source src={videoUrl} />
              <a href={videoUrl}>{t('marketing.video.download')}</a>
            </video>
          ) : (
            <img
              src={POSTER}
              alt={t('marketing.video.posterAlt')}
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
