import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createMigratedPostgresTemplate, dumpMigratedPglite } from './test-database.ts';

/**
 * Migrates a database once per run for the DB tests' project, and tells the test files where it
 * is: each file's createTestDatabase() then starts from a copy instead of applying every
 * migration again (a PGlite data directory loaded from a tarball, or CREATE DATABASE … TEMPLATE).
 */
export default async function setup(project: TestProject) {
  if (project.config.env.FIRSTDAY_TEST_DB === 'postgres') {
    const template = await createMigratedPostgresTemplate();
    project.provide('migratedPostgresTemplate', template.name);
    return () => template.drop();
  }
  const folder = mkdtempSync(join(tmpdir(), 'firstday-pglite-'));
  const file = join(folder, 'migrated.tar');
  await dumpMigratedPglite(file);
  project.provide('migratedPgliteDump', file);
  return () => rmSync(folder, { recursive: true, force: true });
}
