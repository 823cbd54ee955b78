import { startMailCatcher } from '../src/lib/mail/catcher.ts';
import { createTestApp } from './test-app.ts';
import { createEmptyPostgresDatabase } from './test-database.ts';

type ClusterOptions = Omit<NonNullable<Parameters<typeof createTestApp>[0]>, 'shared'>;

/**
 * Two app servers (each its own pool, instance, caches, limiters, job runner and mail worker) on
 * one new, empty PostgreSQL database, started at the same moment, with one SMTP catcher for both.
 * What must hold across servers is tested through these (cluster.db.test.ts).
 */
export async function startTestCluster(options: ClusterOptions = {}) {
  const database = await createEmptyPostgresDatabase();
  const mailCatcher = await startMailCatcher();
  const shared = { databaseUrl: database.url, mailCatcher };
  const servers = await Promise.all([createTestApp({ ...options, shared }), createTestApp({ ...options, shared })]);
  return {
    servers: servers as [(typeof servers)[0], (typeof servers)[0]],
    mailCatcher,
    async close() {
      for (const server of servers) await server.close();
      await mailCatcher.close();
      await database.drop();
    },
  };
}
