# syntax=docker/dockerfile:1
# Wonderkin's production image: one image for every role (ROLE=all | api | worker).
# Not exercised by CI (no container engine on the CI machines); see the README's "Deploying".

# --- build: every dependency, then the web bundle and the compiled server ----------------------
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- runtime: production dependencies only, non-root, node as the entry -------------------------
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
# (better-auth's optional peers still bring drizzle-kit and vitest along; the server never loads them.)
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/src/db/migrations apps/server/src/db/migrations
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
VOLUME ["/data"]
# A busy instance (/api/ready 503 "busy": shedding load) is still healthy: load balancers route
# around it for a while, and restarting it would only lose the work in flight (decision 0040).
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/ready').then(async r=>process.exit(r.ok||(await r.json()).status==='busy'?0:1),()=>process.exit(1))"
# node itself is PID 1's child-free process: SIGTERM reaches the server once, and it drains.
CMD ["node", "apps/server/dist/main.js"]
