import type { MetaDescriptor } from 'react-router';
import { webEnv } from '../env.ts';

type PageMeta = { title: string; description: string; path: string; image?: string };

/** Title, description, canonical link, Open Graph and Twitter tags for a public page. */
export function buildPageMeta({ title, description, path, image = '/og-image.png' }: PageMeta): MetaDescriptor[] {
  const url = new URL(path, webEnv.VITE_PUBLIC_URL).href;
  const imageUrl = new URL(image, webEnv.VITE_PUBLIC_URL).href;
  return [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
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
