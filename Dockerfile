# ReelScore: the site, the API and the admin portal in one Node 24 process.
# docker build -t reelscore . && docker run -p 3000:3000 --env-file .env reelscore

FROM node:24-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 ships prebuilt binaries; the toolchain is here for platforms without one.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
ARG PUBLIC_URL=https://reelscore.app
ARG VITE_ANALYTICS_ENABLED=
ARG VITE_GA_MEASUREMENT_ID=
RUN PUBLIC_URL=$PUBLIC_URL VITE_ANALYTICS_ENABLED=$VITE_ANALYTICS_ENABLED \
  VITE_GA_MEASUREMENT_ID=$VITE_GA_MEASUREMENT_ID npm run build \
  && npm prune --omit=dev

FROM node:24-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json /app/package-lock.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/src ./src
COPY --from=build --chown=node:node /app/scripts ./scripts
COPY --from=build --chown=node:node /app/build/client ./build/client
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# What `npm start` runs once the site is built, as PID 1 itself: npm would not pass SIGTERM on
# (the service drains requests in flight on it, then exits).
CMD ["node", "src/server/main.ts"]
