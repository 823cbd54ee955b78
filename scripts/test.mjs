// `npm test`: every check the project has, in order, stopping at the first that fails (its exit
// code is npm test's). At the end, passed or not, it prints how long each phase took, so a local
// run and CI (`.ci/run`) both show where the time goes. Runs on the machine's own Node (any
// version ≥ 20) like ensure-install.mjs, which installs the pinned Node 24 the later phases use.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';

const phases = [
  { name: 'install', command: process.execPath, args: ['scripts/ensure-install.mjs', '--browser'] },
  { name: 'check', command: 'npm', args: ['run', 'check'] }, // tsc and Biome
  { name: 'build', command: 'npm', args: ['run', 'build'] },
  { name: 'unit', command: 'npm', args: ['run', 'test:unit'] }, // Vitest
  { name: 'e2e', command: 'npm', args: ['run', 'test:e2e'] }, // Playwright
];

let running = null;
// Ctrl-C or CI's SIGTERM: passed on to the running phase, which stops; the table still prints.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (running && running.exitCode === null) running.kill(signal);
  });
}

const runPhase = (phase) =>
  new Promise((resolve) => {
    running = spawn(phase.command, phase.args, { stdio: 'inherit' });
    running.on('error', (error) => {
      process.stderr.write(`${phase.name}: ${error.message}\n`);
      resolve(1);
    });
    // Killed by a signal: the shell's convention, 128 + its number.
    running.on('exit', (code, signal) => resolve(code ?? 128 + (constants.signals[signal] ?? 0)));
  });

const formatSeconds = (seconds) => {
  if (seconds < 59.95) return `${seconds.toFixed(1)} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
};

const results = [];
let exitCode = 0;
const start = performance.now();
for (const phase of phases) {
  const phaseStart = performance.now();
  exitCode = await runPhase(phase);
  results.push({ name: phase.name, seconds: (performance.now() - phaseStart) / 1000, exitCode });
  if (exitCode !== 0) break;
}
const total = (performance.now() - start) / 1000;

const rows = phases.map((phase) => {
  const result = results.find((r) => r.name === phase.name);
  const status = !result ? 'not run' : result.exitCode === 0 ? 'passed' : `failed (exit ${result.exitCode})`;
  return [
    phase.name,
    status,
    result ? formatSeconds(result.seconds) : '',
    [phase.command === process.execPath ? 'node' : phase.command, ...phase.args].join(' '),
  ];
});
rows.push(['total', exitCode === 0 ? 'passed' : 'failed', formatSeconds(total), '']);
const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column].length)));
const lines = rows.map(([name, status, time, command]) =>
  `  ${name.padEnd(widths[0])}  ${status.padEnd(widths[1])}  ${time.padStart(widths[2])}  ${command}`.trimEnd(),
);
process.stdout.write(`\nnpm test, time per phase:\n${lines.join('\n')}\n`);
process.exit(exitCode);
