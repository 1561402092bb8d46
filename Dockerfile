# syntax=docker/dockerfile:1
#
# Kiln's production image: one image for every role (KILN_ROLE=all|web|worker).
#
#   docker build -t kiln .
#   docker run -p 3000:3000 -v kiln-data:/data kiln          # one process, embedded database
#
# Several web processes and build workers on PostgreSQL and S3: deploy/docker-compose.yml and
# docs/operations/scaling.md. Backups: docs/operations/backup.md.
#
# Build sandbox. A build runs generated code in bubblewrap (decision 0031), which needs
# unprivileged user namespaces and its own mounts inside the container. Docker's defaults refuse
# both, so a container that builds previews (KILN_ROLE=all or worker) runs with
#   --security-opt seccomp=unconfined      clone/unshare with CLONE_NEWUSER (or a seccomp profile
#                                          allowing them); Docker's default profile refuses them
#   --security-opt apparmor=unconfined     on AppArmor hosts (Ubuntu, Debian): docker-default
#                                          refuses mount(), which bubblewrap needs
#   --security-opt systempaths=unconfined  bubblewrap mounts a fresh /proc for the build's pid
#                                          namespace; the kernel refuses while Docker masks /proc
# and, on Ubuntu 23.10 and later, the host's `sysctl kernel.apparmor_restrict_unprivileged_userns=0`.
# No capability is added and the container does not need --privileged. The start log says what
# is in force: `preview: sandbox — bubblewrap: ...`. KILN_SANDBOX=bwrap makes a worker refuse to
# start without it; KILN_SANDBOX=none runs builds unisolated (trusted use only). Web processes
# (KILN_ROLE=web) build nothing and need none of these options.

ARG NODE_VERSION=24

# ── deps: production dependencies only.
FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

# ── build: every dependency, then the web app (dist/web) and the compiled server (dist/server).
#    Everything `npm start` would build at run time is built here: /app is read-only to Kiln.
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build \
  && npm run --if-present build:server

# ── runtime: Node, Chromium (screenshots, website analysis, runtime checks) and bubblewrap.
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
# The packages, then a user of its own: the application folder stays root's (read-only to
# Kiln), data goes to /data. Debian's current security updates are wanted, not pinned versions.
# hadolint ignore=DL3008
RUN apt-get update \
  && apt-get install -y --no-install-recommends \
    bubblewrap \
    ca-certificates \
    chromium \
    fonts-liberation \
    tini \
  && rm -rf /var/lib/apt/lists/* \
  && groupadd --system --gid 10001 kiln \
  && useradd --system --uid 10001 --gid kiln --home-dir /home/kiln --create-home kiln \
  && mkdir -p /data \
  && chown kiln:kiln /data

WORKDIR /app
# Production node_modules, the sources (src, templates, drizzle migrations, scripts), then dist/
# last. `npm start` rebuilds what is older than its inputs (the sources, package-lock.json), so
# nothing may rewrite an input after the build: `npm prune` would (it rewrites the lock file).
COPY --from=deps /app/node_modules ./node_modules
COPY . .
COPY --from=build /app/dist ./dist

ENV NODE_ENV=production \
  PORT=3000 \
  KILN_LISTEN=0.0.0.0 \
  KILN_DATA_DIR=/data \
  KILN_CHROMIUM_PATH=/usr/bin/chromium

USER kiln
VOLUME ["/data"]
EXPOSE 3000

# Liveness of a process that serves HTTP (all, web). A worker (KILN_ROLE=worker) has no HTTP
# port: deploy/docker-compose.yml turns the check off for it.
HEALTHCHECK --interval=15s --timeout=5s --start-period=90s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# tini is PID 1: it forwards SIGTERM to Kiln (graceful shutdown, KILN_SHUTDOWN_TIMEOUT_MS) and
# reaps the processes builds and Chromium leave behind. The command is what `npm start` runs,
# without npm staying resident around it.
ENTRYPOINT ["/usr/bin/tini", "--"]
STOPSIGNAL SIGTERM
CMD ["node", "--max-semi-space-size=4", "scripts/start.mjs"]
