# syntax=docker/dockerfile:1
# The same release as `npm run release` (README 'Production'), as a container image. Not built in
# CI: this sandbox cannot pull base images, so the non-container path is the one the tests prove.

# Build stage: every package, the web build, then the release folder.
FROM node:24-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
COPY common/package.json common/
COPY server/package.json server/
COPY web/package.json web/
COPY e2e/package.json e2e/
RUN npm ci --include=dev --no-audit --no-fund
COPY . .
# Build-time settings of the web app (README 'Configuration') are build args.
ARG VITE_PUBLIC_URL VITE_STRIPE_PUBLISHABLE_KEY VITE_CAPTCHA_PROVIDER VITE_CAPTCHA_SITE_KEY VITE_LANDING_VIDEO_URL
RUN npm run build && npm run release -- --out /release

# Run stage: the release with its runtime packages only (Node 24 comes with them); no build at start.
FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=3000
COPY --from=build /release ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s \
  CMD node -e "fetch('http://127.0.0.1:3000/api/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# node itself, as PID 1, so that it receives `docker stop`'s SIGTERM and drains (under `npm run serve`
# npm signals its shell and node runs on, orphaned). The flags are the serve script's.
CMD ["node", "--env-file-if-exists=.env", "server/src/main.ts"]
