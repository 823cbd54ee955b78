// `npm run dev`: the API (restarting on change) on :3000 and the Vite dev server on :5173, which
// proxies /api and /dev to it.
import { spawn } from 'node:child_process';

const children = [
  spawn(process.execPath, ['--watch', 'server/src/main.ts'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', 'web'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
