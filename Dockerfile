# The STEM@Home app image: one image for the API (`npm start`) and the worker (`npm run worker`).
# Untested here (no Docker engine on the development machines); apps/server/test/platform/container.test.ts
# checks every path, script, variable and health route this file and compose.yaml name.
# Node 24 (LTS); the app also runs on 22 and 20.19, and CI tests all three (.ci/node-versions.sh).

# Build: every dependency (Vite, esbuild, TypeScript), then the web app and the server bundle.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY packages/contract packages/contract
COPY apps/server apps/server
COPY apps/web apps/web
COPY scripts scripts
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# Run: the built server and web app, production dependencies only, as an unprivileged user.
FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    TRUST_PROXY=true
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json /app/.npmrc ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/packages/contract packages/contract
COPY --from=build /app/apps/server/package.json apps/server/package.json
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/package.json apps/web/package.json
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/e2e/package.json e2e/package.json
COPY --from=build /app/scripts scripts
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# Liveness; the balancer and compose use readiness (/readyz: the database answers).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["npm", "start"]
