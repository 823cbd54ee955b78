/** Articles about saving and investing for a child, shown on /articles, /investments and the blog teaser. */
export type Article = {
  slug: string;
  title: string;
  /** One or two sentences shown on cards. */
  summary: string;
  /** ISO date of publication. */
  publishedOn: string;
  image: { src: string; alt: string };
  /** Body paragraphs; plain text. */
  body: readonly string[];
};

export const ARTICLES: readonly Article[] = [];
