# One image for every service of docker-compose.yml (migrate, bot, worker), on the Node of
# .node-version (test/deploy/node-version.test.ts holds them together): node runs the
# process directly (no npm in between, so signals reach it), as the unprivileged `node` user.
FROM node:26.12.1-bookworm-slim

# DejaVu: the fonts the renderers load from /usr/share/fonts (newspaper cards, boards, battles).
RUN apt-get update \
  && apt-get install -y --no-install-recommends fonts-dejavu-core \
  && rm -rf /var/lib/apt/lists/*

WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force
# Owned by root, read-only to the process: the app writes nothing to its own directory.
COPY . .
# src/ transpiled to dist/ (scripts/build.mjs): the processes run on plain Node, no loader.
RUN node scripts/build.mjs

USER node
# Health and metrics: the bot on 9101, the worker on 9102 (BOT_HTTP_PORT, WORKER_HTTP_PORT);
# the GM console on 9103 (CONSOLE_PORT, the bot).
EXPOSE 9101 9102 9103
# The bot's V8 flags keep its heap near what it holds (src/runtime/node-flags.ts).
CMD ["node", "--max-semi-space-size=8", "--heap-growing-percent=20", "dist/bot/main.js"]
