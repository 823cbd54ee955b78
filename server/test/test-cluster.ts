import { openDatabase } from '../src/lib/db.ts';
import { startMailCatcher } from '../src/lib/mail/catcher.ts';
import { createTestApp } from './test-app.ts';
import { createEmptyPostgresDatabase } from './test-database.ts';

type ClusterOptions = Omit<NonNullable<Parameters<typeof createTestApp>[0]>, 'database' | 'mailCatcher'>;

/**
 * Two app servers (each its own pool, instance, caches, limiters, job runner and mail worker) on
 * one new, empty PostgreSQL database, opened (and so migrated) at the same moment, with one SMTP
 * catcher for both. What must hold across servers is tested through these (cluster.db.test.ts).
 */
export async function startTestCluster(options: ClusterOptions = {}) {
  const empty = await createEmptyPostgresDatabase();
  const databases = await Promise.all([0, 1].map(() => openDatabase({ url: empty.url, dataDir: '' })));
  const mailCatcher = await startMailCatcher();
  const servers = await Promise.all(databases.map((database) => createTestApp({ ...options, database, mailCatcher })));
  return {
    servers: servers as [(typeof servers)[0], (typeof servers)[0]],
    mailCatcher,
    async close() {
      for (const server of servers) await server.close();
      for (const database of databases) await database.close();
      await mailCatcher.close();
      await empty.drop();
    },
  };
}
