import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENV_VARIABLES } from './env.ts';

// .env.example and the README's configuration are where an operator learns what can be set: each
// variable the server reads, and each VITE_* value the web build reads, appears in both.
const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');
const example = read('.env.example');
const readme = read('README.md');
const webVariables = [...read('web/src/env.ts').matchAll(/^\s+(VITE_\w+):/gm)].map((match) => match[1]);

describe('.env.example', () => {
  it('finds the web build’s variables', () => {
    expect(webVariables).toContain('VITE_PUBLIC_URL');
  });

  it.each([...ENV_VARIABLES, ...webVariables])('lists %s, as the README does', (variable) => {
    expect(example).toMatch(new RegExp(`^(# )?${variable}=`, 'm'));
    expect(readme).toContain(`\`${variable}\``);
  });

  it('lists nothing the server and the web build do not read', () => {
    const listed = [...example.matchAll(/^(?:# )?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]);
    expect(
      listed.filter((variable) => ![...ENV_VARIABLES, ...webVariables, 'WEB_BUILD_DIR'].includes(variable)),
    ).toEqual([]);
  });
});
