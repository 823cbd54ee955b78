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
    { property: 'og:site_name', content: 'Firstday' },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: imageUrl },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: imageUrl },
  ];
}
