import { hydrateIslands } from './hydrate-islands.tsx';

// The browser entry of island pages (decision 021), instead of React Router's entry.client.tsx.
hydrateIslands();
