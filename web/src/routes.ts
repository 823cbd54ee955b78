import { index, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  index('marketing/landing-page.tsx'),
  route('green', 'marketing/green-page.tsx'),
  route('join_us', 'marketing/join-us-page.tsx'),
  route('faq', 'marketing/faq-page.tsx'),
  route('terms', 'marketing/terms-page.tsx'),
  route('privacy', 'marketing/privacy-page.tsx'),
  route('articles', 'investments/articles-page.tsx'),
  route('articles/:slug', 'investments/article-page.tsx'),
  route('*', 'marketing/not-found-page.tsx'),
] satisfies RouteConfig;
