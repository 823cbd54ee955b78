import { DEFAULT_LOCALE, LOCALES, type Locale, localizedPath } from '@firstday/common/locales';
import type { MetaDescriptor } from 'react-router';
import { webEnv } from '../env.ts';

type PageMeta = {
  title: string;
  description: string;
  /** The page's path in English; a marketing page in another language passes its `locale`. */
  path: string;
  image?: string;
  /** Set for pages that exist in every language: adds `hreflang` links to each version. */
  locale?: Locale;
};

/** Title, description, canonical link, language versions, Open Graph and Twitter tags for a public page. */
export function buildPageMeta({
  title,
  description,
  path,
  image = '/og-image.png',
  locale,
}: PageMeta): MetaDescriptor[] {
  const absolute = (relative: string) => new URL(relative, webEnv.VITE_PUBLIC_URL).href;
  const url = absolute(locale ? localizedPath(path, locale) : path);
  const imageUrl = absolute(image);
  const alternates: MetaDescriptor[] = locale
    ? [
        ...LOCALES.map((other) => ({
          tagName: 'link' as const,
          rel: 'alternate',
          hrefLang: other,
          href: absolute(localizedPath(path, other)),
        })),
        {
          tagName: 'link',
          rel: 'alternate',
          hrefLang: 'x-default',
          href: absolute(localizedPath(path, DEFAULT_LOCALE)),
        },
      ]
    : [];
  return [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    ...alternates,
    ...buildShareTags({ title, description, url, image: imageUrl }),
  ];
}

type ShareCard = {
  title: string;
  description: string;
  /** Absolute addresses: link previews are read by other servers. */
  url: string;
  image: string;
  imageSize?: { width: number; height: number };
};

/** The Open Graph and Twitter tags that messengers and social networks read for a link preview. */
export function buildShareTags({ title, description, url, image, imageSize }: ShareCard): MetaDescriptor[] {
  return [
    { property: 'og:site_name', content: 'Firstday' },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    ...(imageSize
      ? [
          { property: 'og:image:width', content: String(imageSize.width) },
          { property: 'og:image:height', content: String(imageSize.height) },
        ]
      : []),
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: image },
  ];
}
