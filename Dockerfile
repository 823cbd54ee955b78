# The same release as `npm run release` (README 'Container image'), as a container image. Not
# built in CI: this sandbox has no Docker daemon and cannot pull base images, so the non-container
# path is the one the tests prove (server/src/release.test.ts also checks this file's invariants).
# One Node runtime in the image: the release's own pinned Node 24 (the `node` package, the one every
# npm script runs on) on plain Debian; the node image serves the build stage only.
# Base images carry exact version tags. Their digests are not pinned yet: no registry is reachable
# where this was written. Before publishing, pin each by digest (README 'Container image'):
# `docker buildx imagetools inspect node:24.21.0-bookworm-slim` prints `Digest: sha256:…`; append
# it as `FROM node:24.21.0-bookworm-slim@sha256:…`, then `node scripts/check-image-pins.mjs
# --require-digests` passes.

# Build stage: every package, the web build, the release folder, then its runtime packages.
# digest: pending (see above)
FROM node:24.21.0-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json .npmrc ./
COPY common/package.json common/
COPY server/package.json server/
COPY web/package.json web/
COPY e2e/package.json e2e/
RUN npm ci --include=dev --no-audit --no-fund
COPY . .
# Build-time settings of the web app (README 'Configuration') are build args.
ARG VITE_PUBLIC_URL VITE_STRIPE_PUBLISHABLE_KEY VITE_CAPTCHA_PROVIDER VITE_CAPTCHA_SITE_KEY VITE_LANDING_VIDEO_URL
RUN npm run build && npm run release -- --out /release
# The runtime packages, the pinned Node 24 among them (the `node` package), installed here where
# npm is, so the run stage needs no npm and no second Node. The release's lock file lists runtime
# packages only (scripts/release.mjs), so no build tool comes in, not even as an optional peer.
WORKDIR /release
RUN npm ci --omit=dev --no-audit --no-fund

# Run stage: the release and the one Node runtime it carries; nothing is built at start.
# digest: pending (see above)
FROM debian:bookworm-20260918-slim
RUN useradd --system --uid 10001 --home-dir /app firstday
WORKDIR /app
ENV NODE_ENV=production PORT=3000 PATH=/app/node_modules/.bin:$PATH
COPY --from=build /release ./
USER firstday
EXPOSE 3000
# Migrations run before the server listens: the start period keeps a first start from counting
# as failures.
HEALTHCHECK --start-period=120s --start-interval=2s --interval=10s --timeout=3s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/api/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself, as PID 1, so that it receives `docker stop`'s SIGTERM and drains (under `npm run serve`
# npm signals its shell and node runs on, orphaned). The flags are the serve script's.
CMD ["node", "--env-file-if-exists=.env", "server/src/main.ts"]
