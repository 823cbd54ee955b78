// `node scripts/check-image-pins.mjs [--require-digests] [reference…]`: lists every base and service image of
// the Dockerfile and compose.yaml and checks that each names an exact version (no `latest`, no
// bare major, no floating `bookworm-slim`). With --require-digests it also insists on a
// `@sha256:…` digest for each: run it so before publishing an image (README 'Container image'),
// after pinning them where a registry is reachable. Tests run it without the flag, as this
// repository's machines reach no image registry and so cannot look digests up. References given
// as arguments are checked instead of the files' (its test shows what it refuses).
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

// PostgreSQL's own versions have two parts (17.6); every other image here has three, or a date.
const TWO_PART_VERSIONS = new Set(['postgres']);

/** Every image reference in the Dockerfile (FROM, skipping earlier stages) and compose.yaml (image:). */
export function imageReferences() {
  const references = [];
  const stages = new Set();
  for (const line of readFileSync(join(root, 'Dockerfile'), 'utf8').split('\n')) {
    const from = line.match(/^FROM\s+(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?/i);
    if (!from) continue;
    if (!stages.has(from[1])) references.push({ file: 'Dockerfile', reference: from[1] });
    if (from[2]) stages.add(from[2]);
  }
  for (const line of readFileSync(join(root, 'compose.yaml'), 'utf8').split('\n')) {
    const image = line.match(/^\s*image:\s*(\S+)/);
    if (image) references.push({ file: 'compose.yaml', reference: image[1] });
  }
  return references;
}

/** Name, tag and digest of one reference, and what is wrong with its pin (null when exact). */
export function checkReference(reference) {
  const [named, digest] = reference.split('@');
  const colon = named.lastIndexOf(':');
  const name = colon > named.lastIndexOf('/') ? named.slice(0, colon) : named;
  const tag = colon > named.lastIndexOf('/') ? named.slice(colon + 1) : undefined;
  const shortName = name.split('/').pop();
  let problem = null;
  if (!tag || tag === 'latest') problem = 'no version tag';
  else if (
    !/\d+\.\d+\.\d+/.test(tag) &&
    !/\d{8}/.test(tag) &&
    !(TWO_PART_VERSIONS.has(shortName) && /^\d+\.\d+(-|$)/.test(tag))
  )
    problem = `tag ${tag} is not an exact version`;
  else if (digest !== undefined && !/^sha256:[0-9a-f]{64}$/.test(digest)) problem = `malformed digest ${digest}`;
  return { name, tag, digest, problem };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const requireDigests = process.argv.includes('--require-digests');
  let failed = false;
  const given = process.argv.slice(2).filter((argument) => !argument.startsWith('--'));
  const references = given.length > 0 ? given.map((reference) => ({ file: 'argument', reference })) : imageReferences();
  for (const { file, reference } of references) {
    const { digest, problem } = checkReference(reference);
    const missingDigest = !digest;
    const status = problem ?? (missingDigest ? 'exact tag, digest not pinned yet' : 'pinned by digest');
    if (problem || (requireDigests && missingDigest)) failed = true;
    process.stdout.write(`${file}\t${reference}\t${status}\n`);
  }
  if (failed) {
    process.stderr.write(
      requireDigests
        ? 'Pin every image by digest before publishing: README, section "Container image".\n'
        : 'Every image needs an exact version tag.\n',
    );
    process.exit(1);
  }
}
