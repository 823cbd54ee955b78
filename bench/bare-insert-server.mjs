// The baseline of `npm run bench:api`: the least a web endpoint that records something can do on the
// same PostgreSQL: node's http server, `pg` with a pool of 10 (as the product's), one parameterised
// INSERT per POST of its JSON body, a 201 with the new id. `startBareInsertServer` forks it.
import { fork } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/** Forks the bare server on `databaseUrl`; answers { url, pid, stop() }. */
export async function startBareInsertServer(databaseUrl) {
  const child = fork(fileURLToPath(import.meta.url), [databaseUrl], { stdio: 'inherit' });
  const port = await new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the bare insert server exited with ${code}`)));
    child.once('message', (message) => resolve(message.port));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop() {
      child.kill('SIGTERM');
      return new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
    },
  };
}

async function runBareServer(databaseUrl) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  await pool.query(
    'create table if not exists bench_bare_inserts (id bigserial primary key, body text not null, created_at timestamptz not null default now())',
  );
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      pool
        .query('insert into bench_bare_inserts (body) values ($1) returning id', [Buffer.concat(chunks).toString()])
        .then(
          ({ rows }) => {
            res.writeHead(201, { 'content-type': 'application/json' });
            res.end(JSON.stringify({ id: rows[0].id }));
          },
          (error) => {
            res.writeHead(500);
            res.end(error.message);
          },
        );
    });
  });
  server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
  process.on('SIGTERM', () => {
    server.close(() => pool.end().then(() => process.exit(0)));
    server.closeAllConnections();
  });
  process.on('disconnect', () => process.exit(0));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await runBareServer(process.argv[2]);
