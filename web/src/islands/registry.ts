import { TestModeRibbon } from '../components/test-mode-ribbon.tsx';
import { LanguageSwitcher } from '../i18n/language-switcher.tsx';
import { FaqContent } from '../marketing/faq-content.tsx';
import { BlogSection } from '../marketing/landing/blog-section.tsx';
import { HowItWorksSection } from '../marketing/landing/how-it-works-section.tsx';
import { InvestmentCalculator } from '../marketing/landing/investment-calculator.tsx';
import { MilestonesCalculator } from '../marketing/landing/milestones-calculator.tsx';
import { StoriesSection } from '../marketing/landing/stories-section.tsx';
import { SiteHeader } from '../marketing/site-header.tsx';

/**
 * Every island by name (decision 021): the server writes the name, the browser hydrates the
 * component found here. Nothing imported from here may import React Router: the island pages'
 * JavaScript is React, these components and their texts (islands.test.tsx checks it).
 */
export const ISLANDS = islands({
  SiteHeader,
  LanguageSwitcher,
  HowItWorksSection,
  MilestonesCalculator,
  InvestmentCalculator,
  StoriesSection,
  BlogSection,
  FaqContent,
  TestModeRibbon,
});

/** Checks that each island is listed under its own name. */
function islands<T extends { [Name in keyof T]: { islandName: Name } }>(registry: T): T {
  return registry;
}

export type IslandName = keyof typeof ISLANDS;

export function isIslandName(name: string | null): name is IslandName {
  return name !== null && Object.hasOwn(ISLANDS, name);
}
